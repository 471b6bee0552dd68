// Password hashing with scrypt from node:crypto (docs/architecture/server.md 'Reference server').
// Stored as `scrypt$N$r$p$salt$hash` so the cost can be raised later without breaking old hashes.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt's work factor as log2 N (N = 16,384): about 50 ms a hash on one core of a small server. */
export const DEFAULT_PASSWORD_HASH_COST = 14;
const BLOCK = { r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
let costLog2 = DEFAULT_PASSWORD_HASH_COST;

/**
 * The work factor of new hashes (config PASSWORD_HASH_COST, set by buildApp). A hash keeps the N it
 * was made with, so verifying never depends on it. The test suite uses a lower one: it hashes about
 * 1,000 passwords, a tenth of its CPU at the default
 * (docs/decisions/0205-ci-time-on-a-slower-machine-2026-12-06.md).
 */
export function setPasswordHashCost(log2N: number): void {
  costLog2 = log2N;
}

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const cost = { N: 2 ** costLog2, ...BLOCK };
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = stored?.split('$') ?? [];
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, hash] = parts;
  const expected = Buffer.from(hash ?? '', 'base64url');
  const key = await derive(password, Buffer.from(salt ?? '', 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
