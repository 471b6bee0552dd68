// Account recovery and the mailed account links (docs/product.md §7 auth/check-email, auth/forgot-password,
// auth/reset-password; docs/product.md §2 /profile/delete/... and /profile/download/...). Flows are in
// docs/api.md ('Accounts'). Routes answering with tokens, or opened from a mailed link without a
// session, do not use mutation(): a token must never be stored in clear, and a link is its own
// single-use proof.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccountLinkResponse, CheckEmailResponse, MessageResponse } from '../../common/account-contract';
import type { AuthResponse, Envelope } from '../../common/contract';
import type { Db } from '../db/client';
import { confirmDeletion, LINK_OF_ANOTHER_ACCOUNT, requestDeletion } from '../domain/account-deletion';
import { exportUserData, requestDownload, verifyDownloadLink, type DataExport } from '../domain/data-export';
import { emailExists, FORGOT_PASSWORD_MESSAGE, requestPasswordReset, resetPassword } from '../domain/password-reset';
import { findSession, isActive } from '../domain/tokens';
import { deleteConfirmSchema, downloadParams, emailSchema, resetPasswordSchema } from '../http/account-schemas';
import { bearerToken } from '../http/auth-context';
import { botCheck } from '../http/bot-check';
import { httpError } from '../http/errors';
import { mutation } from '../http/mutation';
import { parseInput } from '../http/validate';
import { createMailer, type Mailer } from '../mail/mailer';
import { authRateLimit, type RouteDeps } from './deps';

/** The caller behind a mailed link, if a valid session is sent; an invalid token is ignored here. */
async function linkViewerId(db: Db, request: FastifyRequest): Promise<number | undefined> {
  const token = bearerToken(request);
  const session = token === undefined ? undefined : await findSession(db, token);
  return session !== undefined && isActive(session) ? session.user.id : undefined;
}

function registerRecoveryRoutes(app: FastifyInstance, deps: RouteDeps, mailer: Mailer): void {
  const { db, config } = deps;
  app.post('/auth/check-email', authRateLimit(config), async (request): Promise<Envelope<CheckEmailResponse>> => {
    const { email } = parseInput(emailSchema, request.body);
    return { data: { exists: await emailExists(db, email) } };
  });

  app.post('/auth/forgot-password', { ...authRateLimit(config), ...botCheck(deps, 'mail') }, async (request): Promise<Envelope<MessageResponse>> => {
    const { email } = parseInput(emailSchema, request.body);
    // The answer must not depend on whether the email exists, so a failed send is only logged.
    const quiet: Mailer = { send: (message) => mailer.send(message).catch((err: unknown) => request.log.error({ err }, 'password reset mail failed')) };
    await requestPasswordReset(db, { config, mailer: quiet }, email);
    return { data: { message: FORGOT_PASSWORD_MESSAGE } };
  });

  app.post('/auth/reset-password', async (request): Promise<Envelope<AuthResponse & MessageResponse>> => {
    const { token, password } = parseInput(resetPasswordSchema, request.body);
    const data = await db.transaction((tx) => resetPassword(tx, config, token, password));
    return { data: { ...data, message: 'Your password was changed' } };
  });
}

function registerLinkRoutes(app: FastifyInstance, { db, config }: RouteDeps, mailer: Mailer): void {
  app.post('/user/delete-request', mutation(db, async ({ tx, session }): Promise<{ data: AccountLinkResponse }> => {
    return { data: await requestDeletion(tx, { config, mailer }, session.user) };
  }));

  app.post('/user/delete-confirm', async (request): Promise<Envelope<MessageResponse>> => {
    const body = parseInput(deleteConfirmSchema, request.body);
    const viewerId = await linkViewerId(db, request);
    const input = { guid: body.guid, userId: body.user_id, hash: body.hash, code: body.code };
    return { data: await db.transaction((tx) => confirmDeletion(tx, config, input, viewerId)) };
  });

  app.post('/user/download-request', mutation(db, async ({ session }): Promise<{ data: AccountLinkResponse }> => {
    return { data: await requestDownload({ config, mailer }, session.user) };
  }));

  app.get('/user/download/:guid/:time/:user_id/:hash', async (request, reply): Promise<Envelope<DataExport>> => {
    const params = parseInput(downloadParams, request.params);
    verifyDownloadLink(config, { guid: params.guid, time: params.time, userId: params.user_id, hash: params.hash });
    const viewerId = await linkViewerId(db, request);
    if (viewerId !== undefined && viewerId !== params.user_id) throw httpError(403, 'auth.link_of_another_account', LINK_OF_ANOTHER_ACCOUNT);
    const data = await exportUserData(db, params.user_id);
    reply.header('content-disposition', `attachment; filename="prayer-data-${params.user_id}.json"`);
    return { data };
  });
}

export function registerAccountRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const mailer = createMailer(deps.config);
  registerRecoveryRoutes(app, deps, mailer);
  registerLinkRoutes(app, deps, mailer);
}
