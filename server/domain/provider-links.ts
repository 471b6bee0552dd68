// Social accounts linked to a member (docs/product.md §7 user/provider/check, user/provider/disconnect; the
// /settings/social screen). A link is (provider, provider's user id) -> member, at most one per
// provider and member.
import { and, eq } from 'drizzle-orm';
import { SOCIAL_PROVIDERS, type ApiProviderStatus, type SocialProvider } from '../../common/account-contract';
import { providerLabel, type AccountsConfig } from '../accounts-config';
import type { Db } from '../db/client';
import { userProviders } from '../db/schema/accounts';
import { users } from '../db/schema/users';
import { httpError, HttpError } from '../http/errors';
import type { UserRow } from './tokens';

/** A provider name from a path; anything else is a 404 with the same message as an unconfigured one. */
export function parseProvider(name: string): SocialProvider {
  const provider = SOCIAL_PROVIDERS.find((p) => p === name.toLowerCase());
  if (provider === undefined) throw httpError(404, 'social.unavailable', 'Sign-in with this provider is not available');
  return provider;
}

export function notAvailable(provider: SocialProvider): HttpError {
  return httpError(404, 'social.unavailable', `Sign-in with ${providerLabel(provider)} is not available`);
}

async function linkedProviders(db: Db, userId: number): Promise<SocialProvider[]> {
  const rows = await db.select({ provider: userProviders.provider }).from(userProviders).where(eq(userProviders.userId, userId));
  return SOCIAL_PROVIDERS.filter((p) => rows.some((r) => r.provider === p));
}

export async function providerStatuses(db: Db, userId: number, config: Pick<AccountsConfig, 'oauth'>): Promise<ApiProviderStatus[]> {
  const linked = await linkedProviders(db, userId);
  return SOCIAL_PROVIDERS.map((provider) => ({ provider, linked: linked.includes(provider), available: config.oauth[provider] !== undefined }));
}

export async function providerStatus(db: Db, userId: number, provider: SocialProvider, config: Pick<AccountsConfig, 'oauth'>): Promise<ApiProviderStatus> {
  const statuses = await providerStatuses(db, userId, config);
  return statuses.find((s) => s.provider === provider) ?? { provider, linked: false, available: false };
}

/**
 * Unlinks a provider, unless it is the member's only way to sign in (no password and no other
 * provider): then 422, so nobody locks themselves out.
 */
export async function disconnectProvider(db: Db, user: UserRow, provider: SocialProvider): Promise<void> {
  const label = providerLabel(provider);
  // Lock the member's row: two disconnects of the last two providers must not both pass the check.
  const [locked] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id)).for('update');
  const linked = await linkedProviders(db, user.id);
  if (!linked.includes(provider)) throw httpError(404, 'social.not_linked', `${label} is not linked to your account`, { provider: label });
  if ((locked?.passwordHash ?? null) === null && linked.length === 1) {
    throw httpError(422, 'social.only_sign_in', `${label} is your only way to sign in. Set a password first (Forgot password sends a link to your email).`, { provider: label });
  }
  await db.delete(userProviders).where(and(eq(userProviders.userId, user.id), eq(userProviders.provider, provider)));
}
