// HMAC signatures for the mailed links of docs/product.md §2 (/profile/delete/..., /profile/download/...) and
// for the OAuth state. The key is APP_SECRET, else a random secret generated once and kept in
// ${DATA_DIR}/app-secret. Several API processes must share it: set APP_SECRET for that
// (docs/decisions/0069-email-password-and-mail.md).
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import type { AccountsConfig } from '../accounts-config';
import { readOrCreate } from '../generated-file';
import { CHANNELS, type ChannelId } from '../../common/contract';

const generated = new Map<string, string>();

function fileSecret(dataDir: string): string {
  const cached = generated.get(dataDir);
  if (cached !== undefined) return cached;
  const secret = readOrCreate(join(dataDir, 'app-secret'), () => randomBytes(32).toString('base64url')).trim();
  generated.set(dataDir, secret);
  return secret;
}

export type SecretSource = Pick<AccountsConfig, 'appSecret' | 'dataDir'>;

function appSecret(config: SecretSource): string {
  return config.appSecret ?? fileSecret(config.dataDir);
}

/** base64url HMAC-SHA256 of the parts joined by '|' (the parts never contain '|'). */
export function sign(config: SecretSource, ...parts: (string | number)[]): string {
  return createHmac('sha256', appSecret(config)).update(parts.join('|')).digest('base64url');
}

/** Constant-time comparison of two strings (signatures, hashes). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A random single-use secret for a link (stored only as sha256). */
export function randomCode(): string {
  return randomBytes(24).toString('base64url');
}

/** An app URL in the user's channel: docs/product.md §10 locale prefixes /pt and /es (English has none). */
export function appUrl(config: Pick<AccountsConfig, 'publicUrl'>, channelId: ChannelId, path: string): string {
  const prefix = CHANNELS.find((c) => c.id === channelId)?.prefix ?? '';
  return `${config.publicUrl}${prefix === '' ? '' : `/${prefix}`}${path}`;
}
