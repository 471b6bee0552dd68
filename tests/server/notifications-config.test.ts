// FCM configuration from the environment (server/push/fcm-config.ts; issue #6 'Push with
// Firebase'): off without a service account, inline JSON or a file, overridable endpoints.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FCM_ENDPOINT, DEFAULT_TOKEN_URL, loadFcmConfig } from '../../server/push/fcm-config';
import { pushTitle } from '../../server/push/push-texts';
import { guestNumber } from '../../common/guest-name';

const account = { project_id: 'prayer-app', client_email: 'push@prayer-app.iam.test', private_key: 'PEM' };

describe('loadFcmConfig', () => {
  it('is off (null) without a service account', () => {
    expect(loadFcmConfig({})).toBeNull();
    expect(loadFcmConfig({ FCM_SERVICE_ACCOUNT_JSON: '  ' })).toBeNull();
  });

  it('reads inline JSON with Google\'s endpoints by default, the key\'s token_uri when it has one', () => {
    expect(loadFcmConfig({ FCM_SERVICE_ACCOUNT_JSON: JSON.stringify(account) })).toEqual({
      projectId: 'prayer-app', clientEmail: account.client_email, privateKey: 'PEM', endpoint: DEFAULT_FCM_ENDPOINT, tokenUrl: DEFAULT_TOKEN_URL,
    });
    const withUri = loadFcmConfig({ FCM_SERVICE_ACCOUNT_JSON: JSON.stringify({ ...account, token_uri: 'https://auth.example/token' }) });
    expect(withUri?.tokenUrl).toBe('https://auth.example/token');
  });

  it('reads a key file, and the env overrides project, endpoint (trailing slash dropped) and token URL', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fcm-config-'));
    try {
      const file = join(dir, 'key.json');
      writeFileSync(file, JSON.stringify(account));
      const config = loadFcmConfig({
        FCM_SERVICE_ACCOUNT_FILE: file, FCM_PROJECT_ID: 'other', FCM_ENDPOINT: 'http://127.0.0.1:9/', FCM_TOKEN_URL: 'http://127.0.0.1:9/token',
      });
      expect(config).toMatchObject({ projectId: 'other', endpoint: 'http://127.0.0.1:9', tokenUrl: 'http://127.0.0.1:9/token' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a key without its fields at start rather than at the first push', () => {
    expect(() => loadFcmConfig({ FCM_SERVICE_ACCOUNT_JSON: JSON.stringify({ project_id: 'x' }) })).toThrow(/client_email/);
  });
});

describe('push titles in the recipient\'s language', () => {
  it.each([
    ['en-US', 'prayed', 1, 'Ana prayed for your request'],
    ['en-US', 'commented', 3, 'Ana and 2 others commented on your request'],
    ['pt-BR', 'prayed', 2, 'Ana e mais 1 pessoa oraram pelo seu pedido'],
    ['es-ES', 'commented', 1, 'Ana comentó tu petición'],
    ['es-ES', 'answered', 1, 'Una petición por la que oraste fue respondida'],
  ] as const)('%s %s x%i', (language, kind, actorCount, title) => {
    expect(pushTitle({ kind, actor: { id: 5, name: 'Ana' }, actorCount }, language)).toBe(title);
  });

  it('name an unnamed guest in the recipient\'s language, by the same number everywhere (issue #26 point 3)', () => {
    const guest = { id: 41, name: '' };
    const number = guestNumber(41);
    expect(pushTitle({ kind: 'prayed', actor: guest, actorCount: 1 }, 'pt-BR')).toBe(`Visitante ${number} orou pelo seu pedido`);
    expect(pushTitle({ kind: 'prayed', actor: guest, actorCount: 1 }, 'es-ES')).toBe(`Invitado ${number} oró por tu petición`);
    expect(pushTitle({ kind: 'prayed', actor: guest, actorCount: 1 }, 'en-US')).toBe(`Guest ${number} prayed for your request`);
    expect(pushTitle({ kind: 'prayed', actor: null, actorCount: 1 }, 'en-US')).toBe('Someone prayed for your request');
  });
});

describe('guest numbers', () => {
  it('are four digits, stable, and differ across 9,000 consecutive accounts', () => {
    const numbers = Array.from({ length: 9000 }, (_, i) => guestNumber(123_456 + i));
    expect(new Set(numbers).size).toBe(9000);
    expect(numbers.every((n) => n >= 1000 && n <= 9999)).toBe(true);
    expect(guestNumber(41)).toBe(guestNumber(41));
  });
});
