// Typed access to the `meta` table. Reads outside a transaction are fine for status; writers
// that must agree with other rows call these inside their own rw transaction.
//
// getMeta and getAuth return Dexie's own promise, not a native one (they are not async
// functions): Dexie carries a transaction (and a live query's tracking) across its own promises,
// but across a native promise only by a best effort that fails when many live queries start at
// once. An explicit transaction read after `await getAuth()` then ran outside it, the transaction
// committed with the read still to come, and Dexie threw PrematureCommitError
// (docs/decisions/0037-explicit-read-transactions-keep-to-dexie-promises.md).
import type { PromiseExtended } from 'dexie';
import { db } from './db';
import { EMPTY_AUTH, type AuthMeta, type MetaKey, type MetaValues } from './meta-types';

export function getMeta<K extends MetaKey>(key: K): PromiseExtended<MetaValues[K] | undefined> {
  return db.meta.get(key).then((row) => row?.value[key]);
}

export async function setMeta<K extends MetaKey>(key: K, value: MetaValues[K]): Promise<void> {
  const values: Partial<MetaValues> = {};
  values[key] = value;
  await db.meta.put({ key, value: values });
}

/** The real id a temporary one has since got (meta's id map), undefined while it has none. */
export function mappedId(map: 'postIdMap' | 'listIdMap' | 'groupIdMap', id: number): PromiseExtended<number | undefined> {
  return getMeta(map).then((ids) => ids?.[String(id)]);
}

export function getAuth(): PromiseExtended<AuthMeta> {
  return getMeta('auth').then((auth) => auth ?? EMPTY_AUTH);
}

/** Read-modify-write of the auth copy; callers run it in a transaction when it must be atomic. */
export async function updateAuth(change: Partial<AuthMeta>): Promise<AuthMeta> {
  const next = { ...(await getAuth()), ...change };
  await setMeta('auth', next);
  return next;
}

/** The bearer token to send: the member token, else the guest token (docs/product.md §6). */
export function bearerToken(auth: AuthMeta): string | null {
  return auth.memberToken ?? auth.guestToken;
}

/**
 * Whose session this is: the member's id, else the guest's (docs/product.md §6); null when signed out or
 * while the profile is unknown. Outbox entries are tagged with it and rows are pulled for it.
 */
export function viewerId(auth: AuthMeta): number | null {
  const profile = auth.memberToken ? auth.user : auth.guestToken ? auth.guest : null;
  return profile?.id ?? null;
}

/** docs/architecture/sync-protocol.md 'Outbox and sync protocol': an entry goes out only with its own account (an untagged one with anybody's). */
export function isEntryOfViewer(entry: { accountId: number | null }, viewer: number | null): boolean {
  return entry.accountId === null || entry.accountId === viewer;
}
