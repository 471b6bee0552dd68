// FCM configuration from the environment (server/push/fcm-config.ts; issue #6 'Push with
// Firebase'): off without a service account, inline JSON or a file, overridable endpoints.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FCM_ENDPOINT, DEFAULT_TOKEN_URL, loadFcmConfig } from '../../server/push/fcm-config';
import { pushTitle } from '../../server/push/push-texts';

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
    expect(pushTitle({ kind, actorName: 'Ana', actorCount }, language)).toBe(title);
  });
});
