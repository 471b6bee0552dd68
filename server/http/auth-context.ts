// Resolves the one Authorization header to a member or guest session (docs/product.md §6: the client sends
// the member token, else the guest token; the server just resolves whichever arrives).
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { findSession, isActive, type Session } from '../domain/tokens';
import { HttpError, UNAUTHENTICATED } from './errors';

export type SessionKind = 'member' | 'guest' | 'any';

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header === undefined ? null : /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

export function matchesKind(session: Session, kind: SessionKind): boolean {
  if (kind === 'any') return true;
  return kind === 'guest' ? session.user.isGuest : !session.user.isGuest;
}

/** Missing, unknown, revoked, expired or wrong-kind token -> 401 (docs/product.md §4 then tries a refresh). */
export async function requireSession(db: Db, request: FastifyRequest, kind: SessionKind = 'any'): Promise<Session> {
  const token = bearerToken(request);
  if (token === undefined) throw new HttpError(401, UNAUTHENTICATED);
  const session = await findSession(db, token);
  if (session === undefined || !isActive(session) || !matchesKind(session, kind)) throw new HttpError(401, UNAUTHENTICATED);
  return session;
}

/**
 * Anonymous visitors may read the feed; but a token that is sent and not valid is a 401, never a
 * silent downgrade, so the client runs its refresh flow instead of showing a stranger's view.
 */
export async function optionalSession(db: Db, request: FastifyRequest): Promise<Session | undefined> {
  if (request.headers.authorization === undefined) return undefined;
  return requireSession(db, request);
}
