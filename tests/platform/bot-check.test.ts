// docs/product.md §5/§7/§9 bot check: off without a site key, reCAPTCHA v3 from www.recaptcha.net with a
// hidden badge, one token per action.
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { botTokenForSync, createBotCheck, NO_BOT_CHECK, recaptchaScriptUrl, type Grecaptcha } from '../../src/platform/bot-check';

function fakeGrecaptcha() {
  const executed: { key: string; action: string }[] = [];
  const api: Grecaptcha = {
    ready: (callback) => callback(),
    execute: async (key, { action }) => {
      executed.push({ key, action });
      return `token-${action}-${executed.length}`;
    },
  };
  return { api, executed };
}

describe('bot check', () => {
  it('is off without a site key: null tokens, nothing loaded', async () => {
    const loadScript = vi.fn(async () => undefined);
    const check = createBotCheck({ siteKey: null, loadScript, grecaptcha: () => undefined });
    expect(check).toBe(NO_BOT_CHECK);
    expect(check.enabled).toBe(false);
    expect(await check.getToken('login')).toBeNull();
    expect(loadScript).not.toHaveBeenCalled();
  });

  it('loads reCAPTCHA v3 once from the alternate host and returns a fresh token per call', async () => {
    const { api, executed } = fakeGrecaptcha();
    const loadScript = vi.fn(async () => undefined);
    const check = createBotCheck({ siteKey: 'site-key', loadScript, grecaptcha: () => api });
    expect(check.enabled).toBe(true);
    expect(await check.getToken('login')).toBe('token-login-1');
    expect(await check.getToken('post')).toBe('token-post-2');
    expect(loadScript).toHaveBeenCalledTimes(1);
    expect(loadScript).toHaveBeenCalledWith('https://www.recaptcha.net/recaptcha/api.js?render=site-key');
    expect(executed).toEqual([
      { key: 'site-key', action: 'login' },
      { key: 'site-key', action: 'post' },
    ]);
  });

  it('accepts exactly the actions login, post, register and mail', async () => {
    const { api } = fakeGrecaptcha();
    const check = createBotCheck({ siteKey: 'k', loadScript: async () => undefined, grecaptcha: () => api });
    for (const action of ['login', 'post', 'register', 'mail'] as const) await expect(check.getToken(action)).resolves.toContain(action);
    const unknown: string = 'comment';
    await expect(Reflect.apply(check.getToken, check, [unknown])).rejects.toThrow(/Unknown bot-check action/);
  });

  it('rejects when the script cannot load, and tries again on the next call', async () => {
    const { api } = fakeGrecaptcha();
    const loadScript = vi.fn(async () => undefined).mockRejectedValueOnce(new Error('blocked'));
    const check = createBotCheck({ siteKey: 'k', loadScript, grecaptcha: () => api });
    await expect(check.getToken('post')).rejects.toThrow('blocked');
    await expect(check.getToken('post')).resolves.toBe('token-post-1');
    expect(loadScript).toHaveBeenCalledTimes(2);
  });

  it('rejects when the script loaded but grecaptcha is missing', async () => {
    const check = createBotCheck({ siteKey: 'k', loadScript: async () => undefined, grecaptcha: () => undefined });
    await expect(check.getToken('login')).rejects.toThrow(/did not initialise/);
  });

  it('escapes the site key in the script URL', () => {
    expect(recaptchaScriptUrl('a&b')).toBe('https://www.recaptcha.net/recaptcha/api.js?render=a%26b');
  });

  it('hides the badge with CSS (the UI shows the attribution instead)', () => {
    const css = readFileSync('src/platform/bot-check.css', 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\s+/g, '');
    expect(css).toContain('.grecaptcha-badge{visibility:hidden;}');
  });

  it('mints tokens for the drain only in a visible tab; off stays off (null) anywhere', async () => {
    const { api } = fakeGrecaptcha();
    const check = createBotCheck({ siteKey: 'k', loadScript: async () => undefined, grecaptcha: () => api });
    await expect(botTokenForSync(check, 'post', () => false)).rejects.toThrow(/visible tab/);
    await expect(botTokenForSync(check, 'post', () => true)).resolves.toBe('token-post-1');
    await expect(botTokenForSync(NO_BOT_CHECK, 'post', () => false)).resolves.toBeNull();
  });
});
