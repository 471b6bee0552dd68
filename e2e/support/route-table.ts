// Every route of docs/product.md §2 with who may open it and the layout it must show, for the route-by-route
// acceptance of issue #5 (e2e/every-route.spec.ts). Paths with ids are built from live server data.
import type { Locator, Page } from '@playwright/test';
import type { LayoutName } from '../pages/frame-page';

/** Who opens the route: nobody signed in, a guest, or the demo member. */
export type Visitor = 'anonymous' | 'guest' | 'member';

/** Ids the parameterised routes need, read from the server before the visits. */
export type RouteIds = { postId: number; listId: number; itemId: number; profileSlug: string; groupId: number; inviteCode: string };

export type RouteCase = {
  name: string;
  path: (ids: RouteIds) => string;
  visitor: Visitor;
  /** null: the route has no layout (landing, authentication screens, password reset). */
  layout: LayoutName | null;
  /** docs/product.md §2 forces a colour mode on some routes. */
  theme?: 'light' | 'dark';
  /**
   * Why the route is always opened by a full page load in e2e/every-route.spec.ts, never by the
   * app's navigation (whose wait needs a new level-1 heading, e2e/support/in-app-navigation.ts).
   */
  fullLoad?: string;
  /**
   * What the route shows once its data is read (a route with a loading state): the layout sweep
   * waits for it, so it measures the screen people see, not "Loading..." (issue #12 point 5).
   */
  content?: (page: Page) => Locator;
};

const fixed = (path: string) => () => path;

export const ROUTES: RouteCase[] = [
  { name: 'landing', path: fixed('/'), visitor: 'anonymous', layout: null },
  {
    // Issue #49 major 5: a new visitor on an invite link reaches the landing on the invite's card.
    name: 'invite-landing',
    path: (ids) => `/g/${ids.inviteCode}`,
    visitor: 'anonymous',
    layout: null,
    fullLoad: 'the link is sent to the landing with ?next= by the route check: a page load, as a link opened from a message is',
    content: (page) => page.getByRole('heading', { level: 2 }),
  },
  { name: 'app-welcome', path: fixed('/app-welcome'), visitor: 'anonymous', layout: 'default' },
  { name: 'app-version', path: fixed('/app-version'), visitor: 'anonymous', layout: 'default' },
  { name: 'login', path: fixed('/login'), visitor: 'anonymous', layout: null },
  {
    name: 'login-welcome-back',
    path: fixed('/login/welcome-back'),
    visitor: 'anonymous',
    layout: null,
    fullLoad: 'with no last login kept it goes on to /login, the route before it: in-app that page stays as it was',
  },
  { name: 'register', path: fixed('/register'), visitor: 'anonymous', layout: null },
  { name: 'forgot-password', path: fixed('/forgot-password'), visitor: 'anonymous', layout: null },
  { name: 'password-reset', path: fixed('/password-reset/not-a-real-token'), visitor: 'anonymous', layout: null, theme: 'dark' },
  { name: 'auth-callback', path: fixed('/auth/provider/callback/google?error=access_denied'), visitor: 'anonymous', layout: null },
  { name: 'lords-prayer', path: fixed('/lords-prayer'), visitor: 'anonymous', layout: 'default' },
  { name: 'contact', path: fixed('/contact'), visitor: 'anonymous', layout: 'public', theme: 'light' },
  { name: 'our-mission', path: fixed('/our-mission'), visitor: 'anonymous', layout: 'public', theme: 'light' },
  { name: 'privacy', path: fixed('/privacy'), visitor: 'anonymous', layout: 'public', theme: 'light' },
  { name: 'terms', path: fixed('/terms'), visitor: 'anonymous', layout: 'public', theme: 'light' },
  { name: 'help-delete', path: fixed('/help/delete-my-account-and-data'), visitor: 'anonymous', layout: 'public' },
  { name: 'not-found', path: fixed('/no/such/page'), visitor: 'anonymous', layout: null },

  // '/welcome' has the welcome check (src/routes/_default/welcome.tsx): a visitor with no token is
  // sent to '/', so the first steps are checked as a guest sees them.
  { name: 'welcome', path: fixed('/welcome'), visitor: 'guest', layout: 'default' },
  { name: 'community-guest', path: fixed('/community'), visitor: 'guest', layout: 'application' },
  { name: 'pray-guest', path: fixed('/pray'), visitor: 'guest', layout: 'application' },

  { name: 'community', path: fixed('/community'), visitor: 'member', layout: 'application' },
  { name: 'post', path: (ids) => `/community/post/${ids.postId}`, visitor: 'member', layout: 'application', content: (page) => page.getByRole('article').first() },
  { name: 'lists', path: fixed('/lists'), visitor: 'member', layout: 'application' },
  { name: 'biblical-prayers', path: fixed('/lists/biblical-prayers'), visitor: 'member', layout: 'application' },
  { name: 'bookmarks', path: fixed('/lists/bookmarks'), visitor: 'member', layout: 'application' },
  { name: 'my-prayers', path: fixed('/lists/my-prayers'), visitor: 'member', layout: 'application' },
  { name: 'list', path: (ids) => `/lists/${ids.listId}`, visitor: 'member', layout: 'application' },
  {
    name: 'list-item',
    path: (ids) => `/lists/${ids.listId}/item/${ids.itemId}`,
    visitor: 'member',
    layout: 'application',
    content: (page) => page.getByRole('article').first(),
  },
  { name: 'pray', path: fixed('/pray'), visitor: 'member', layout: 'application' },
  // Issue #28: the prayer group screens (the demo member's own group and its invite link).
  { name: 'groups', path: fixed('/groups'), visitor: 'member', layout: 'application', content: (page) => page.getByRole('listitem').first() },
  { name: 'group', path: (ids) => `/group/${ids.groupId}`, visitor: 'member', layout: 'application', content: (page) => page.getByRole('article').first() },
  { name: 'group-invite', path: (ids) => `/g/${ids.inviteCode}`, visitor: 'member', layout: 'application', content: (page) => page.getByRole('heading', { level: 2 }) },
  { name: 'group-settings', path: (ids) => `/group/${ids.groupId}/settings`, visitor: 'member', layout: 'application', content: (page) => page.getByRole('heading', { level: 2 }).first() },
  { name: 'session', path: (ids) => `/session?list=${ids.listId}`, visitor: 'member', layout: 'session' },
  { name: 'statistics', path: fixed('/statistics'), visitor: 'member', layout: 'private' },
  { name: 'notifications', path: fixed('/notifications'), visitor: 'member', layout: 'private' },
  { name: 'profile', path: (ids) => `/profile/${ids.profileSlug}`, visitor: 'member', layout: 'application' },
  { name: 'settings', path: fixed('/settings'), visitor: 'member', layout: 'settings' },
  { name: 'settings-account', path: fixed('/settings/account'), visitor: 'member', layout: 'settings' },
  { name: 'settings-profile', path: fixed('/settings/profile'), visitor: 'member', layout: 'settings' },
  { name: 'settings-security', path: fixed('/settings/security'), visitor: 'member', layout: 'settings' },
  { name: 'settings-social', path: fixed('/settings/social'), visitor: 'member', layout: 'settings' },
  { name: 'settings-hidden', path: fixed('/settings/hidden'), visitor: 'member', layout: 'settings' },
  // Issue #13: Prayer reminders are a guest's too, so the route is under the welcome check (private layout); e2e/reminders.spec.ts opens it as a guest.
  { name: 'settings-reminders', path: fixed('/settings/reminders'), visitor: 'member', layout: 'private', content: (page) => page.getByRole('heading', { level: 2 }).first() },
  { name: 'profile-delete', path: fixed('/profile/delete/not-a-guid/1/bad-hash/0000'), visitor: 'member', layout: 'settings' },
  { name: 'profile-download', path: fixed('/profile/download/not-a-guid/0/1/bad-hash'), visitor: 'member', layout: 'settings' },
];
