// Typed access to the `meta` table. Reads outside a transaction are fine for status; writers
// that must agree with other rows call these inside their own rw transaction.
import { db } from './db';
import { EMPTY_AUTH, type AuthMeta, type MetaKey, type MetaValues } from './meta-types';

export async function getMeta<K extends MetaKey>(key: K): Promise<MetaValues[K] | undefined> {
  const row = await db.meta.get(key);
  return row?.value[key];
}

export async function setMeta<K extends MetaKey>(key: K, value: MetaValues[K]): Promise<void> {
  const values: Partial<MetaValues> = {};
  values[key] = value;
  await db.meta.put({ key, value: values });
}

export async function getAuth(): Promise<AuthMeta> {
  return (await getMeta('auth')) ?? EMPTY_AUTH;
}

/** Read-modify-write of the auth copy; callers run it in a transaction when it must be atomic. */
export async function updateAuth(change: Partial<AuthMeta>): Promise<AuthMeta> {
  const next = { ...(await getAuth()), ...change };
  await setMeta('auth', next);
  return next;
}

/** The bearer token to send: the member token, else the guest token (SPEC §6). */
export function bearerToken(auth: AuthMeta): string | null {
  return auth.memberToken ?? auth.guestToken;
}
