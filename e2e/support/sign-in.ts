// A member signed in the way a returning member's browser is, for specs that are not about
// logging in (issue #11 item 7): the token of a login made through the API (POST auth/login) in
// the member token cookie (docs/product.md §4, src/state/cookies.ts). The app's next load starts from it as
// from every kept session (worker/auth.ts initSession checks the profile), with no trip through the
// login form, one page load fewer per test. Login itself is covered by the specs about it
// (accounts, navigation, keyboard-journey, frame).
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { AUTH_COOKIE_DAYS } from '../../common/constants';
import { MEMBER_TOKEN_COOKIE } from '../../src/state/cookies';
import { memberToken, ServerApi } from './api';
import { waitForServiceWorkerControl } from './service-worker';

export type Account = { email: string; password: string };

export const DEMO: Account = { email: 'demo@prayer.local', password: 'pray-with-us' };

/** POST auth/login through the API: the member's bearer token and username. */
export async function apiLogin(request: APIRequestContext, account: Account): Promise<{ token: string; username: string }> {
  const response = await request.post('/api/v1/auth/login', { data: account });
  if (!response.ok()) throw new Error(`Login of ${account.email}: ${String(response.status())} ${await response.text()}`);
  const body = (await response.json()) as { data: { authorization: { token: string }; user: { username: string } } };
  return { token: body.data.authorization.token, username: body.data.user.username };
}

/** Puts `token` in the member token cookie of `baseURL`, with the attributes the app writes. */
export async function presetMemberToken(context: BrowserContext, baseURL: string, token: string): Promise<void> {
  await context.addCookies([
    {
      name: MEMBER_TOKEN_COOKIE,
      value: encodeURIComponent(token),
      domain: new URL(baseURL).hostname,
      path: '/',
      secure: true,
      sameSite: 'Lax',
      expires: Math.floor(Date.now() / 1000) + AUTH_COOKIE_DAYS * 24 * 60 * 60,
    },
  ]);
}

/**
 * Logs `account` in through the API and signs the context in with its token; returns the token.
 * `baseURL` is the test's fixture (set per worker by e2e/support/fixtures.ts, or by test.use).
 */
export async function signInByCookie(context: BrowserContext, request: APIRequestContext, baseURL: string | undefined, account: Account = DEMO): Promise<string> {
  if (baseURL === undefined) throw new Error('signInByCookie needs the baseURL fixture');
  const { token } = await apiLogin(request, account);
  await presetMemberToken(context, baseURL, token);
  return token;
}

/**
 * The demo member signed in by cookie, on the community feed with the service worker in control (as
 * the offline specs begin): the API as that member, with the token the app keeps in its cookie.
 */
export async function memberOnFeed(page: Page, context: BrowserContext, request: APIRequestContext, baseURL: string | undefined): Promise<ServerApi> {
  await signInByCookie(context, request, baseURL);
  await page.goto('/community');
  await expect(page).toHaveURL(/\/community$/);
  await waitForServiceWorkerControl(page);
  return new ServerApi(request, await memberToken(context));
}
