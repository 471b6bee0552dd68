// docs/product.md §3 'Last login, kept locally': name, email, avatar, image flag and login type of the last
// member who signed in on this device, for /login/welcome-back. It outlives logout (that is its
// point) and holds no token; "not you?" forgets it.
import type { ApiUser } from '../../common/contract';

export type LoginType = 'email' | 'google' | 'facebook' | 'apple';

export type LastLogin = { name: string; email: string; avatar: string | null; imgShow: boolean; loginType: LoginType };

export const LAST_LOGIN_KEY = 'prayer-last-login';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage blocked by the browser: nothing is remembered
  }
}

function isLastLogin(value: unknown): value is LastLogin {
  if (typeof value !== 'object' || value === null) return false;
  const record: Record<string, unknown> = { ...value };
  return typeof record.name === 'string' && typeof record.email === 'string' && typeof record.loginType === 'string';
}

export function readLastLogin(): LastLogin | null {
  const raw = storage()?.getItem(LAST_LOGIN_KEY);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isLastLogin(value) ? value : null;
  } catch {
    return null;
  }
}

export function rememberLogin(user: ApiUser | null, loginType: LoginType): void {
  if (!user?.email) return;
  const last: LastLogin = { name: user.name, email: user.email, avatar: user.profile.avatar, imgShow: user.profile.img_show, loginType };
  storage()?.setItem(LAST_LOGIN_KEY, JSON.stringify(last));
}

export function forgetLastLogin(): void {
  storage()?.removeItem(LAST_LOGIN_KEY);
}
