// docs/product.md §6/§7 request headers and the API URL rule.
import { describe, expect, it } from 'vitest';
import { APP_SERVER_MODE, baseApiHeaders, bearerOf, buildApiHeaders } from '../../common/api-headers';
import { isApiUrl } from '../../common/api-url';

const channel = { channelId: 2, lang: 'pt-BR' };
const none = { memberToken: null, guestToken: null };

describe('buildApiHeaders', () => {
  it('identifies the product: x-platform and x-version 1.0.0', () => {
    expect(buildApiHeaders({ tokens: none, channel })).toMatchObject({ 'x-platform': 'web', 'x-version': '1.0.0', accept: 'application/json' });
  });

  it('sends the member token before the guest token, and none without either', () => {
    expect(buildApiHeaders({ tokens: { memberToken: 'm', guestToken: 'g' }, channel }).authorization).toBe('Bearer m');
    expect(buildApiHeaders({ tokens: { memberToken: null, guestToken: 'g' }, channel }).authorization).toBe('Bearer g');
    expect(buildApiHeaders({ tokens: none, channel })).not.toHaveProperty('authorization');
    expect(bearerOf({ memberToken: 'm', guestToken: 'g' })).toBe('m');
  });

  it('adds x-channel-id and x-lang in app-server mode only, which this app always is', () => {
    expect(APP_SERVER_MODE).toBe(true);
    expect(buildApiHeaders({ tokens: none, channel })).toMatchObject({ 'x-channel-id': '2', 'x-lang': 'pt-BR' });
    const plain = buildApiHeaders({ tokens: none, channel, appServerMode: false });
    expect(plain).not.toHaveProperty('x-channel-id');
    expect(plain).not.toHaveProperty('x-lang');
    expect(baseApiHeaders(channel, false)).toEqual({ accept: 'application/json', 'x-platform': 'web', 'x-version': '1.0.0' });
  });

  it('carries the idempotency key and the bot-check token when given', () => {
    const headers = buildApiHeaders({ tokens: none, channel, idempotencyKey: 'k-1', botToken: 'bot' });
    expect(headers['idempotency-key']).toBe('k-1');
    expect(headers['google-recaptcha-token']).toBe('bot');
    const bare = buildApiHeaders({ tokens: none, channel, botToken: null });
    expect(bare).not.toHaveProperty('google-recaptcha-token');
    expect(bare).not.toHaveProperty('idempotency-key');
  });
});

describe('isApiUrl', () => {
  const base = 'https://api.pray.example/api/v1';
  it.each([
    ['https://api.pray.example/anything', true],
    ['/api/v1/posts', true],
    ['post/1/pray', true],
    ['https://cdn.example/api/x', true],
    ['https://cdn.example/v1/x', true],
    ['https://cdn.example/v2', true],
    ['https://other.example/users/1', true],
    ['https://other.example/my-notifications', true],
    ['https://other.example/settings', true],
    ['https://other.example/groups/1', true],
    ['https://other.example/communities', true],
    ['https://other.example/prayers', true],
    ['https://other.example/img/logo.png', false],
    ['https://other.example/apis', false],
    ['https://other.example/v10/x', false],
    ['https://fonts.example/css?family=Inter', false],
  ])('%s -> %s', (url, expected) => {
    expect(isApiUrl(url, base)).toBe(expected);
  });

  it('is false for a base that is not a URL', () => {
    expect(isApiUrl('/api/x', 'not a url')).toBe(false);
  });
});
