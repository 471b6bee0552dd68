// Social sign-in and linked accounts (docs/product.md §2 /auth/provider/callback/{provider}, /settings/social;
// §7 auth/provider/callback/{provider}, user/provider/check, user/provider/disconnect). The app
// asks for the authorization URL, sends the browser there, and on return passes code and state to
// the callback, with its token when signed in (then the provider is linked to that account).
import type { FastifyInstance } from 'fastify';
import type { ApiProviderStatus, ProviderCallbackResponse, ProviderRedirectResponse } from '../../common/account-contract';
import { DEFAULT_CHANNEL_ID } from '../../common/constants';
import type { Envelope } from '../../common/contract';
import { requireMember } from '../domain/account-settings';
import { authorizationUrl, fetchIdentity, providerConfig } from '../domain/oauth-client';
import { disconnectProvider, parseProvider, providerStatus } from '../domain/provider-links';
import { signInWithProvider } from '../domain/social-sign-in';
import { callbackQuery, providerParams } from '../http/account-schemas';
import { optionalSession, requireSession } from '../http/auth-context';
import { headerChannel } from '../http/channel';
import { mutation } from '../http/mutation';
import { parseInput } from '../http/validate';
import type { RouteDeps } from './deps';

export function registerProviderRoutes(app: FastifyInstance, { db, config }: RouteDeps): void {
  app.get('/auth/provider/:provider/redirect', async (request): Promise<Envelope<ProviderRedirectResponse>> => {
    const provider = parseProvider(parseInput(providerParams, request.params).provider);
    return { data: { provider, ...authorizationUrl(config, provider) } };
  });

  // Not a mutation(): the answer carries a bearer token, which is never stored (docs/api.md).
  app.get('/auth/provider/callback/:provider', async (request): Promise<Envelope<ProviderCallbackResponse>> => {
    const provider = parseProvider(parseInput(providerParams, request.params).provider);
    providerConfig(config, provider);
    const { code, state } = parseInput(callbackQuery, request.query);
    const session = await optionalSession(db, request);
    const identity = await fetchIdentity(config, provider, code, state);
    const channelId = headerChannel(request) ?? DEFAULT_CHANNEL_ID;
    return { data: await db.transaction((tx) => signInWithProvider(tx, config, { provider, identity, session, channelId })) };
  });

  app.get('/user/provider/check/:provider', async (request): Promise<Envelope<ApiProviderStatus>> => {
    const session = await requireSession(db, request);
    const provider = parseProvider(parseInput(providerParams, request.params).provider);
    return { data: await providerStatus(db, session.user.id, provider, config) };
  });

  app.delete('/user/provider/disconnect/:provider', mutation(db, async ({ tx, session, request }) => {
    requireMember(session.user);
    const provider = parseProvider(parseInput(providerParams, request.params).provider);
    await disconnectProvider(tx, session.user, provider);
    return { data: await providerStatus(tx, session.user.id, provider, config) };
  }));
}
