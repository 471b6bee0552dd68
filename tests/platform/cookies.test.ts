// docs/product.md §4/§9 cookies written by the page: member and guest tokens, channel and language, each
// for 365 days, secure, path /, SameSite Lax.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_COOKIE_DAYS, CHANNEL_COOKIE_DAYS } from '../../common/constants';
import { clearAllTables } from '../../src/model/db';
import { storeChannel } from '../../src/state/channel';
import { CHANNEL_COOKIE, GUEST_TOKEN_COOKIE, LANG_COOKIE, MEMBER_TOKEN_COOKIE, readCookie, writeCookie } from '../../src/state/cookies';
import { mirrorTokens } from '../../src/state/session-sync';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** A document.cookie that records every write and keeps name=value pairs like a browser. */
function fakeDocument() {
  const writes: string[] = [];
  const jar = new Map<string, string>();
  const doc = {
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(line: string) {
      writes.push(line);
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const [name = '', value = ''] = pair.split('=');
      if (attributes.includes('max-age=0')) jar.delete(name);
      else jar.set(name, value);
    },
  };
  return { doc, writes };
}

function attributesOf(line: string | undefined): Record<string, string> {
  const parts = (line ?? '').split(';').map((part) => part.trim());
  return Object.fromEntries(parts.slice(1).map((part) => [part.split('=')[0] ?? '', part.split('=')[1] ?? '']));
}

let cookies: ReturnType<typeof fakeDocument>;

beforeEach(() => {
  cookies = fakeDocument();
  vi.stubGlobal('document', cookies.doc);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('cookies', () => {
  it('the constants are 365 days', () => {
    expect(AUTH_COOKIE_DAYS).toBe(365);
    expect(CHANNEL_COOKIE_DAYS).toBe(365);
  });

  it('member and guest tokens live 365 days, secure, path /, SameSite Lax', () => {
    mirrorTokens({ memberToken: 'm-token', guestToken: 'g-token' });
    const [member, guest] = cookies.writes;
    expect(member?.startsWith(`${MEMBER_TOKEN_COOKIE}=m-token;`)).toBe(true);
    expect(guest?.startsWith(`${GUEST_TOKEN_COOKIE}=g-token;`)).toBe(true);
    for (const line of [member, guest]) {
      expect(attributesOf(line)).toEqual({ 'max-age': String(YEAR_SECONDS), path: '/', secure: '', samesite: 'lax' });
    }
    expect(readCookie(MEMBER_TOKEN_COOKIE)).toBe('m-token');
  });

  it('a null token deletes its cookie', () => {
    writeCookie(GUEST_TOKEN_COOKIE, 'g');
    writeCookie(GUEST_TOKEN_COOKIE, null);
    expect(attributesOf(cookies.writes.at(-1))['max-age']).toBe('0');
    expect(readCookie(GUEST_TOKEN_COOKIE)).toBeNull();
  });

  it('the channel and language cookies live 365 days', async () => {
    await clearAllTables();
    await storeChannel(3);
    const channel = cookies.writes.find((line) => line.startsWith(`${CHANNEL_COOKIE}=`));
    const lang = cookies.writes.find((line) => line.startsWith(`${LANG_COOKIE}=`));
    expect(channel?.startsWith(`${CHANNEL_COOKIE}=3;`)).toBe(true);
    expect(lang?.startsWith(`${LANG_COOKIE}=es-ES;`)).toBe(true);
    expect(attributesOf(channel)['max-age']).toBe(String(YEAR_SECONDS));
    expect(attributesOf(lang)['max-age']).toBe(String(YEAR_SECONDS));
  });
});
