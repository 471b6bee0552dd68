// The accounts settings read from the environment (server/accounts-config.ts).
import { describe, expect, it } from 'vitest';
import { loadAccountsConfig } from '../../server/accounts-config';
import { loadConfig } from '../../server/config';

describe('loadAccountsConfig', () => {
  it('has safe defaults: file mail, bot check off, no providers', () => {
    const config = loadAccountsConfig({});
    expect(config).toMatchObject({ dataDir: './data', publicUrl: 'http://localhost:8080', appSecret: undefined, mail: { smtpUrl: undefined }, oauth: {} });
    expect(config.recaptcha).toMatchObject({ secret: undefined, minScore: 0.5, actions: ['login', 'post', 'register', 'mail'] });
    expect(loadConfig({}).dataDir).toBe('./data');
  });

  it('configures a provider only with both client id and secret, with overridable endpoints', () => {
    const config = loadAccountsConfig({
      PUBLIC_URL: 'https://pray.example/', OAUTH_GOOGLE_CLIENT_ID: 'id', OAUTH_GOOGLE_CLIENT_SECRET: 'secret',
      OAUTH_GOOGLE_TOKEN_URL: 'http://127.0.0.1:1/token', OAUTH_FACEBOOK_CLIENT_ID: 'only-id',
    });
    expect(config.oauth.google).toMatchObject({
      clientId: 'id', tokenUrl: 'http://127.0.0.1:1/token', authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      redirectUri: 'https://pray.example/auth/provider/callback/google', pkce: true,
    });
    expect(config.oauth.facebook).toBeUndefined();
  });

  it('reads the bot check settings and rejects nonsense', () => {
    const config = loadAccountsConfig({ RECAPTCHA_SECRET: 's', RECAPTCHA_MIN_SCORE: '0.7', RECAPTCHA_ACTIONS: 'login, register' });
    expect(config.recaptcha).toMatchObject({ secret: 's', minScore: 0.7, actions: ['login', 'register'] });
    expect(() => loadAccountsConfig({ RECAPTCHA_ACTIONS: 'login,signup' })).toThrow(/signup/);
    expect(() => loadAccountsConfig({ RECAPTCHA_MIN_SCORE: '2' })).toThrow(/RECAPTCHA_MIN_SCORE/);
  });
});
