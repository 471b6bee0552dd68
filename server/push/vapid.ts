// The server's VAPID identity for standard Web Push (issue #13 point 1; RFC 8292). Env:
//   VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY  the key pair (base64url P-256: 65-byte public, 32-byte private);
//                                        set both or neither
//   VAPID_SUBJECT                        mailto: or https: contact for push services; default PUBLIC_URL
//                                        when it is https (not localhost), else mailto: MAIL_FROM's address
// Without the pair, one is generated on first start into ${DATA_DIR}/vapid.json (mode 0600) and
// read from there afterwards; with DATABASE_URL=memory:// and no DATA_DIR it lives in memory only.
// Every API process must use the same pair (a subscription is bound to the key it was made with):
// several hosts set the env pair; processes on one host share the file
// (docs/decisions/0105-push-with-no-account-anywhere-web-push-by-default-keys-and.md).
import webpush from 'web-push';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { readOrCreate } from '../generated-file';

export type VapidKeys = { publicKey: string; privateKey: string };

export type WebPushConfig = {
  /** The env pair; null: generated (file or memory). */
  keys: VapidKeys | null;
  subject: string;
  /** Keep a generated pair in ${dataDir}/vapid.json; false: in memory (memory:// without DATA_DIR). */
  persist: boolean;
};

export const VAPID_FILE = 'vapid.json';

const base64url = /^[A-Za-z0-9_-]+$/;

function decodedLength(value: string): number {
  return base64url.test(value) ? Buffer.from(value, 'base64url').length : -1;
}

/** An uncompressed P-256 point (65 bytes, 0x04 first) and a 32-byte scalar, both base64url. */
function isVapidPair(keys: VapidKeys): boolean {
  return decodedLength(keys.publicKey) === 65 && Buffer.from(keys.publicKey, 'base64url')[0] === 0x04 && decodedLength(keys.privateKey) === 32;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function defaultSubject(publicUrl: string, mailFrom: string): string {
  const url = new URL(publicUrl);
  if (url.protocol === 'https:' && url.hostname !== 'localhost') return url.origin;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  return `mailto:${address.trim()}`;
}

function checkSubject(subject: string): string {
  let url: URL;
  try {
    url = new URL(subject);
  } catch {
    throw new Error(`VAPID_SUBJECT must be a mailto: or https: URL, got '${subject}'`);
  }
  if (url.protocol !== 'mailto:' && url.protocol !== 'https:') throw new Error(`VAPID_SUBJECT must be a mailto: or https: URL, got '${subject}'`);
  return subject;
}

/** Throws at start on half a pair, a malformed key or subject (not at the first push). */
export function loadWebPushConfig(env: NodeJS.ProcessEnv, accounts: { publicUrl: string; mail: { from: string } }): WebPushConfig {
  const publicKey = nonEmpty(env.VAPID_PUBLIC_KEY);
  const privateKey = nonEmpty(env.VAPID_PRIVATE_KEY);
  if ((publicKey === undefined) !== (privateKey === undefined)) throw new Error('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither');
  const keys = publicKey !== undefined && privateKey !== undefined ? { publicKey, privateKey } : null;
  if (keys !== null && !isVapidPair(keys)) throw new Error('VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY must be a base64url P-256 key pair (npx web-push generate-vapid-keys)');
  return {
    keys,
    subject: checkSubject(nonEmpty(env.VAPID_SUBJECT) ?? defaultSubject(accounts.publicUrl, accounts.mail.from)),
    persist: !(env.DATABASE_URL === 'memory://' && nonEmpty(env.DATA_DIR) === undefined),
  };
}

const fileSchema = z.object({ publicKey: z.string(), privateKey: z.string() });

/** In-memory pairs, one per configuration (so per app), shared by every sender made from it. */
const inMemory = new WeakMap<WebPushConfig, VapidKeys>();

function generate(): VapidKeys {
  const { publicKey, privateKey } = webpush.generateVAPIDKeys();
  return { publicKey, privateKey };
}

/** The generated pair in DATA_DIR, created on first use (server/generated-file.ts). */
function filePair(dataDir: string): VapidKeys {
  const file = resolve(join(dataDir, VAPID_FILE));
  const parsed = fileSchema.safeParse(JSON.parse(readOrCreate(file, () => `${JSON.stringify(generate())}\n`)));
  if (!parsed.success || !isVapidPair(parsed.data)) throw new Error(`${file} does not hold a VAPID key pair: delete it to generate a new one (registered devices must then subscribe again)`);
  return parsed.data;
}

/**
 * The pair to sign with: the env's, else the generated one (created on first use). The file is
 * read on every call: call once per app start and keep the result.
 */
export function vapidKeys(config: { webPush: WebPushConfig; dataDir: string }): VapidKeys {
  if (config.webPush.keys !== null) return config.webPush.keys;
  if (config.webPush.persist) return filePair(config.dataDir);
  let keys = inMemory.get(config.webPush);
  if (keys === undefined) {
    keys = generate();
    inMemory.set(config.webPush, keys);
  }
  return keys;
}
