// docs/product.md §3 'last login, kept locally' (src/state/last-login.ts) and the picture checks made before
// an upload (src/state/account.ts checkAvatar: docs/api.md PNG/JPEG/WebP, 2 MB).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AVATAR_MAX_BYTES } from '../../common/account-contract';
import type { ApiUser } from '../../common/contract';
import { checkAvatar } from '../../src/state/account';
import { LAST_LOGIN_KEY, forgetLastLogin, readLastLogin, rememberLogin } from '../../src/state/last-login';
import { memoryStorage } from '../helpers/memory-storage';

const MEMBER: ApiUser = {
  id: 7, today_prayer_count: 0, name: 'Grace Hopper', nickname: null, username: 'grace', email: 'grace@prayer.local',
  profile: { avatar: '/api/v1/user/photo/7/abc.png', img_show: false }, channel_id: 1, language: 'en-US', is_guest: false,
};

describe('last login kept locally', () => {
  beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('keeps name, email, avatar, image flag and login type, and no token', () => {
    rememberLogin(MEMBER, 'google');
    expect(readLastLogin()).toEqual({ name: 'Grace Hopper', email: 'grace@prayer.local', avatar: '/api/v1/user/photo/7/abc.png', imgShow: false, loginType: 'google' });
    expect(localStorage.getItem(LAST_LOGIN_KEY)).not.toMatch(/token/i);
  });

  it('a guest (no email) is not remembered; "not you?" forgets; a damaged entry reads as none', () => {
    rememberLogin({ ...MEMBER, email: null, is_guest: true }, 'email');
    expect(readLastLogin()).toBeNull();
    rememberLogin(MEMBER, 'email');
    forgetLastLogin();
    expect(readLastLogin()).toBeNull();
    localStorage.setItem(LAST_LOGIN_KEY, '{not json');
    expect(readLastLogin()).toBeNull();
    localStorage.setItem(LAST_LOGIN_KEY, JSON.stringify({ name: 1 }));
    expect(readLastLogin()).toBeNull();
  });
});

describe('picture checks before an upload', () => {
  it.each([
    [{ type: 'image/png', size: 10 }, null],
    [{ type: 'image/jpeg', size: AVATAR_MAX_BYTES }, null],
    [{ type: 'image/webp', size: AVATAR_MAX_BYTES + 1 }, 'size'],
    [{ type: 'image/gif', size: 10 }, 'type'],
    [{ type: 'text/plain', size: 10 }, 'type'],
  ] as const)('%o -> %s', (file, problem) => {
    expect(checkAvatar(file)).toBe(problem);
  });
});
