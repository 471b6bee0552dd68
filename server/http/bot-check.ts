// The bot check (docs/product.md §5, §7 header google-recaptcha-token; action names of docs/product.md §9). When
// RECAPTCHA_SECRET is set, a route that opts in verifies the token with the verify URL (Google's
// siteverify by default): success, the same action, and a score at or above RECAPTCHA_MIN_SCORE.
// Missing or failed -> 422; the verifier unreachable -> 503 (the outbox retries 5xx,
// docs/architecture/sync-protocol.md 'Outbox and sync protocol'). Unset -> off. Usage:
// app.post(path, botCheck(deps, 'login'), handler).
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { IDEMPOTENCY_HEADER, RECAPTCHA_HEADER } from '../../common/constants';
import type { BotAction } from '../accounts-config';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { findStored } from '../domain/idempotency';
import { findSession } from '../domain/tokens';
import { bearerToken } from './auth-context';
import { HttpError } from './errors';

const BOT_CHECK_MISSING = 'Complete the bot check and try again';
const BOT_CHECK_FAILED = 'The bot check failed. Please try again.';
const BOT_CHECK_UNAVAILABLE = 'The bot check could not be completed. Try again in a moment.';
const TIMEOUT_MS = 5000;
/** docs/product.md §5: login and register also send the check response in the payload; accepted when the header is absent. */
const bodyToken = z.object({
  'g-recaptcha-response': z.string().trim().min(1).optional().catch(undefined),
  recaptcha_token: z.string().trim().min(1).optional().catch(undefined),
});

type BotCheckDeps = { db: Db; config: Pick<AppConfig, 'recaptcha'> };
type BotCheckOptions = { preHandler?: preHandlerAsyncHookHandler };

const verdictSchema = z.object({
  success: z.boolean(),
  score: z.number().optional(),
  action: z.string().optional(),
});

function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers[RECAPTCHA_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  if (value !== undefined && value.trim() !== '') return value.trim();
  const body = bodyToken.safeParse(request.body);
  return body.success ? (body.data['g-recaptcha-response'] ?? body.data.recaptcha_token) : undefined;
}

/**
 * A replay of a stored Idempotency-Key (docs/architecture/sync-protocol.md 'Outbox and sync
 * protocol') must return the stored response, not fail on a bot-check token that was single-use and
 * has been spent by the first attempt.
 */
async function isStoredReplay(db: Db, request: FastifyRequest): Promise<boolean> {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(raw) ? raw[0] : raw;
  const token = bearerToken(request);
  if (key === undefined || token === undefined) return false;
  const session = await findSession(db, token);
  return session !== undefined && (await findStored(db, session.user.id, key)) !== undefined;
}

async function verify(url: string, secret: string, token: string, ip: string): Promise<z.infer<typeof verdictSchema>> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret, response: token, remoteip: ip }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`verify answered ${response.status}`);
    return verdictSchema.parse(await response.json());
  } catch {
    throw new HttpError(503, BOT_CHECK_UNAVAILABLE, undefined, { code: 'auth.bot_check_unavailable' });
  }
}

export function botCheck(deps: BotCheckDeps, action: BotAction): BotCheckOptions {
  const { secret, verifyUrl, minScore, actions } = deps.config.recaptcha;
  if (secret === undefined || !actions.includes(action)) return {};
  return {
    preHandler: async (request) => {
      if (await isStoredReplay(deps.db, request)) return;
      const token = tokenOf(request);
      if (token === undefined) throw new HttpError(422, BOT_CHECK_MISSING, { [RECAPTCHA_HEADER]: [BOT_CHECK_MISSING] }, { code: 'auth.bot_check_missing' });
      const verdict = await verify(verifyUrl, secret, token, request.ip);
      const actionOk = verdict.action === undefined || verdict.action === action;
      const scoreOk = verdict.score === undefined || verdict.score >= minScore;
      if (!verdict.success || !actionOk || !scoreOk) throw new HttpError(422, BOT_CHECK_FAILED, { [RECAPTCHA_HEADER]: [BOT_CHECK_FAILED] }, { code: 'auth.bot_check_failed' });
    },
  };
}
