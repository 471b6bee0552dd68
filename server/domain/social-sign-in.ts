// Social sign-in (docs/product.md §2 /auth/provider/callback/{provider}, §7): the provider's identity of a
// person becomes a member session. Order: an existing link; else the member with the same
// confirmed email (then linked); else a new member (a guest presenting its token becomes that
// member, keeping its posts, as in registration). A member presenting its token links the provider.
import { and, eq, isNull } from 'drizzle-orm';
import type { ProviderCallbackResponse, SocialProvider } from '../../common/account-contract';
import type { ChannelId } from '../../common/contract';
import { providerLabel } from '../accounts-config';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/pg-errors';
import { userProviders } from '../db/schema/accounts';
import { users } from '../db/schema/users';
import { httpError } from '../http/errors';
import type { ProviderIdentity } from './oauth-client';
import { issueToken, revokeAllTokens, type Session, type SessionConfig, type UserRow } from './tokens';
import { channelLocale, findMemberByEmail, toApiUser, touchLogin, withNewUsername } from './users';

type SignInContext = { provider: SocialProvider; identity: ProviderIdentity; session: Session | undefined; channelId: ChannelId };
type Outcome = { user: UserRow; created: boolean; linked: boolean };

async function findLinkedUser(db: Db, provider: SocialProvider, providerUserId: string): Promise<UserRow | undefined> {
  const [row] = await db.select({ user: users }).from(userProviders).innerJoin(users, eq(users.id, userProviders.userId))
    .where(and(eq(userProviders.provider, provider), eq(userProviders.providerUserId, providerUserId), isNull(users.deletedAt)))
    .limit(1);
  return row?.user;
}

async function link(db: Db, userId: number, ctx: SignInContext): Promise<void> {
  try {
    await db.insert(userProviders).values({ userId, provider: ctx.provider, providerUserId: ctx.identity.id, email: ctx.identity.email });
  } catch (error) {
    if (isUniqueViolation(error, 'user_providers_user_provider_key')) {
      throw httpError(422, 'social.already_linked', `Another ${providerLabel(ctx.provider)} account is already linked to yours. Disconnect it first.`, { provider: providerLabel(ctx.provider) });
    }
    throw error;
  }
}

async function createMemberFrom(db: Db, ctx: SignInContext, email: string): Promise<UserRow> {
  const name = (ctx.identity.name ?? email.split('@')[0] ?? 'Member').slice(0, 100);
  const fields = { isGuest: false, name, email, passwordHash: null, avatar: ctx.identity.avatar, updatedAt: new Date() };
  const guest = ctx.session !== undefined && ctx.session.user.isGuest && ctx.session.token.expiresAt > new Date() ? ctx.session.user : undefined;
  if (guest !== undefined) {
    const [row] = await withNewUsername(db, name, (tx, username) =>
      tx.update(users).set({ ...fields, username }).where(and(eq(users.id, guest.id), eq(users.isGuest, true))).returning());
    if (row !== undefined) {
      await revokeAllTokens(db, row.id);
      return row;
    }
  }
  const [row] = await withNewUsername(db, name, (tx, username) =>
    tx.insert(users).values({ ...fields, username, channelId: ctx.channelId, language: channelLocale(ctx.channelId) }).returning());
  if (row === undefined) throw new Error('member insert returned no row');
  return row;
}

async function linkToMember(db: Db, member: UserRow, ctx: SignInContext): Promise<Outcome> {
  const owner = await findLinkedUser(db, ctx.provider, ctx.identity.id);
  if (owner !== undefined && owner.id !== member.id) {
    throw httpError(422, 'social.linked_to_another', `This ${providerLabel(ctx.provider)} account is linked to another member.`, { provider: providerLabel(ctx.provider) });
  }
  if (owner === undefined) await link(db, member.id, ctx);
  return { user: member, created: false, linked: owner === undefined };
}

async function resolveMember(db: Db, ctx: SignInContext): Promise<Outcome> {
  const label = providerLabel(ctx.provider);
  const linkedUser = await findLinkedUser(db, ctx.provider, ctx.identity.id);
  if (linkedUser !== undefined) return { user: linkedUser, created: false, linked: false };
  const email = ctx.identity.email;
  if (email === null) throw httpError(422, 'social.no_email', `${label} did not share your email address. Sign up with your email, then link ${label} in Settings.`, { provider: label });
  const existing = await findMemberByEmail(db, email);
  if (existing !== undefined) {
    // An address the provider has not confirmed could belong to someone else: never take over with it.
    if (!ctx.identity.emailVerified) throw httpError(422, 'social.unverified_email', `Sign in with your password, then link ${label} in Settings.`, { provider: label });
    await link(db, existing.id, ctx);
    return { user: existing, created: false, linked: true };
  }
  const user = await createMemberFrom(db, ctx, email);
  await link(db, user.id, ctx);
  return { user, created: true, linked: true };
}

export async function signInWithProvider(db: Db, lifetimes: SessionConfig, ctx: SignInContext): Promise<ProviderCallbackResponse> {
  const member = ctx.session !== undefined && !ctx.session.user.isGuest ? ctx.session.user : undefined;
  const outcome = member === undefined ? await resolveMember(db, ctx) : await linkToMember(db, member, ctx);
  await touchLogin(db, outcome.user.id);
  const authorization = await issueToken(db, outcome.user.id, lifetimes);
  return { authorization, user: await toApiUser(db, outcome.user, lifetimes), created: outcome.created, linked: outcome.linked };
}
