// Issue #49's majors, as the review of 2026-12-07 met them (../shared/REVIEW.md), each in the
// language it was seen: the request update's words (EN and PT, dialog, toast and the member's
// notification), the per-group notification choice (EN), a guest member's name in the admin's
// member list (EN), a removed member on the invite link (PT) and the invite card a new visitor
// opens on (PT).
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import type { AuthResponse, Envelope, GuestAuthResponse, PostResponse } from '../common/contract';
import type { GroupResponse, JoinRequestsResponse } from '../common/group-contract';
import { expect, presetConsent, test } from './support/fixtures';
import { presetMemberToken } from './support/sign-in';
import { guestNumber } from '../common/guest-name';
import { enUS } from '../src/i18n/locales/en-US';
import { ptBR } from '../src/i18n/locales/pt-BR';

type Member = { token: string; id: number; name: string };

async function call<T>(request: APIRequestContext, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, token: string, data?: object): Promise<T> {
  const response = await request.fetch(`/api/v1/${path}`, { method, headers: { authorization: `Bearer ${token}` }, ...(data ? { data } : {}) });
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as Envelope<T>).data;
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function newMember(request: APIRequestContext, name: string): Promise<Member> {
  const response = await request.post('/api/v1/auth/register', { data: { name, email: `review-${unique()}@prayer.local`, password: 'review-pass-1' } });
  if (!response.ok()) throw new Error(`POST auth/register: ${response.status()} ${await response.text()}`);
  const { data } = (await response.json()) as Envelope<AuthResponse>;
  return { token: data.authorization.token, id: data.user.id, name };
}

async function newGuest(request: APIRequestContext, channelId = 2): Promise<Member> {
  const response = await request.post('/api/v1/guest/login', { data: { channel_id: channelId } });
  if (!response.ok()) throw new Error(`POST guest/login: ${response.status()} ${await response.text()}`);
  const { authorization, guest } = ((await response.json()) as Envelope<GuestAuthResponse>).data;
  return { token: authorization.token, id: guest.id, name: '' };
}

/** A browser of someone else's, in `locale`, at phone or desktop size. */
async function otherBrowser(browser: Browser, baseURL: string, locale: string, desktop = false): Promise<{ context: BrowserContext; page: Page }> {
  const size = desktop ? { viewport: { width: 1280, height: 800 } } : { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
  const context = await browser.newContext({ baseURL, locale, timezoneId: 'UTC', ...size });
  await presetConsent(context, baseURL);
  return { context, page: await context.newPage() };
}

async function groupOf(request: APIRequestContext, admin: Member): Promise<GroupResponse['group']> {
  return (await call<GroupResponse>(request, 'POST', 'group', admin.token, { name: `Tuesday Small Group ${unique()}` })).group;
}

test('EN desktop: the per-group notification choice moves when clicked and says Saved', async ({ browser, request, baseURL }) => {
  if (baseURL === undefined) throw new Error('needs the baseURL fixture');
  const admin = await newMember(request, 'Demo Admin');
  const group = await groupOf(request, admin);
  const { context, page } = await otherBrowser(browser, baseURL, 'en-US', true);
  await presetMemberToken(context, baseURL, admin.token);
  await page.goto(`/group/${String(group.id)}/settings`);
  const setting = page.getByTestId('group-notify-setting');
  await expect(setting.getByRole('radio', { name: 'All posts' })).toBeChecked();
  await setting.getByRole('radio', { name: 'Prayer requests only' }).click();
  await expect(setting.getByRole('radio', { name: 'Prayer requests only' })).toBeChecked({ timeout: 1_000 });
  await expect(setting.getByRole('status')).toHaveText('Saved');
  await setting.getByRole('radio', { name: 'None' }).click();
  await expect(setting.getByRole('radio', { name: 'None' })).toBeChecked({ timeout: 1_000 });
  await expect(setting.getByRole('status')).toHaveText('Saved');
  await page.reload();
  await expect(page.getByTestId('group-notify-setting').getByRole('radio', { name: 'None' })).toBeChecked();
  await context.close();
});

/** The whole page's text and names never show a catalogue key of the update's words. */
async function expectNoUpdateKeys(page: Page): Promise<void> {
  await expect(page.locator('body')).not.toContainText('updates.later');
}

/** In `page` (signed in as the post's author), "Add an update" on the post's page: the dialog's words, then the toast's. */
async function addUpdate(page: Page, postId: number, texts: typeof enUS, words: string): Promise<void> {
  await page.goto(`${texts === ptBR ? '/pt' : ''}/community/post/${String(postId)}`);
  await page.getByRole('button', { name: texts.postDetail.postMenu }).first().click();
  await page.getByRole('menuitem', { name: texts.updates.card.addAction }).click();
  const dialog = page.getByRole('dialog', { name: texts.updates.card.addAction });
  await expect(dialog).toContainText(texts.updates.later.description);
  await dialog.getByRole('textbox').fill(words);
  await expectNoUpdateKeys(page);
  await dialog.getByRole('button', { name: texts.updates.later.submit }).click();
  await expect(page.getByText(texts.updates.later.added.sent)).toBeVisible();
  await expectNoUpdateKeys(page);
}

test('EN admin and PT member: a request update shows its words, its toast and the member\'s notification, no keys', async ({ browser, request, baseURL }) => {
  if (baseURL === undefined) throw new Error('needs the baseURL fixture');
  const admin = await newMember(request, 'Demo Admin');
  const member = await newMember(request, 'Ana Lima');
  const group = await groupOf(request, admin);
  await call(request, 'POST', `invite/${group.invite?.code ?? ''}/join`, member.token);
  const { post } = await call<PostResponse>(request, 'POST', 'post', admin.token, { text: `Pray for my surgery ${unique()}`, type: 'REQUEST', group_id: group.id });
  await call(request, 'POST', `post/${String(post.id)}/pray`, member.token);

  // The admin, in English on a desktop: the dialog, its button and the toast in words.
  const desk = await otherBrowser(browser, baseURL, 'en-US', true);
  await presetMemberToken(desk.context, baseURL, admin.token);
  await addUpdate(desk.page, post.id, enUS, 'Surgery went well, thank you all');

  // The member who prayed, in Portuguese on a phone: the notification's sentence.
  const phone = await otherBrowser(browser, baseURL, 'pt-BR');
  await presetMemberToken(phone.context, baseURL, member.token);
  await phone.page.goto('/pt/notifications');
  await expect(phone.page.getByTestId('notification').first()).toContainText(ptBR.updates.later.notification);
  await expectNoUpdateKeys(phone.page);

  // And a Portuguese author's own dialog (the review's c2-pt-23).
  const { post: own } = await call<PostResponse>(request, 'POST', 'post', member.token, { text: `Pela minha mãe ${unique()}`, type: 'REQUEST', group_id: group.id });
  await addUpdate(phone.page, own.id, ptBR, 'Ela já está em casa');
  await desk.context.close();
  await phone.context.close();
});

test('EN desktop: a guest member is named in the admin\'s member list, role and remove included, each confirmed by name', async ({ browser, request, baseURL }) => {
  if (baseURL === undefined) throw new Error('needs the baseURL fixture');
  const admin = await newMember(request, 'Demo Admin');
  const group = await groupOf(request, admin);
  const guest = await newGuest(request);
  await call(request, 'POST', `invite/${group.invite?.code ?? ''}/join`, guest.token);
  const { context, page } = await otherBrowser(browser, baseURL, 'en-US', true);
  await presetMemberToken(context, baseURL, admin.token);
  await page.goto(`/group/${String(group.id)}/settings`);
  const name = `Guest ${String(guestNumber(guest.id))}`;
  await expect(page.locator('.group-admin__member-name').filter({ hasText: name })).toHaveText(name);
  await expect(page.getByRole('combobox', { name: `Role of ${name}` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Remove ${name}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove', exact: true })).toHaveCount(0);
  // Review m1: each admin action confirms what it did, by name.
  await page.getByRole('combobox', { name: `Role of ${name}` }).selectOption('moderator');
  await expect(page.getByTestId('banner')).toContainText(`The role of ${name} is now Moderator.`);
  await page.getByRole('button', { name: `Remove ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Remove ${name} from the group?` });
  await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByTestId('banner')).toContainText(`${name} was removed from the group.`);
  await context.close();
});

test('PT phone: a removed member who opens the invite link is told so and asks to join', async ({ browser, request, baseURL }) => {
  if (baseURL === undefined) throw new Error('needs the baseURL fixture');
  const admin = await newMember(request, 'Demo Admin');
  const member = await newMember(request, 'Ana Lima');
  const group = await groupOf(request, admin);
  const code = group.invite?.code ?? '';
  await call(request, 'POST', `invite/${code}/join`, member.token);
  await call(request, 'DELETE', `group/${String(group.id)}/member/${String(member.id)}`, admin.token);

  const { context, page } = await otherBrowser(browser, baseURL, 'pt-BR');
  await presetMemberToken(context, baseURL, member.token);
  await page.goto(`/pt/g/${code}`);
  await expect(page.getByText(ptBR.groups.screens.invite.removed)).toBeVisible();
  await expect(page.getByRole('button', { name: ptBR.groups.screens.invite.join })).toHaveCount(0);
  await page.getByRole('button', { name: ptBR.groups.screens.invite.ask }).click();
  await expect(page.locator('.group-invite-page__actions').getByRole('status')).toHaveText(ptBR.groups.screens.asked);
  // The admin's queue has the request; no change was refused on the member's device.
  await expect.poll(async () => (await call<JoinRequestsResponse>(request, 'GET', `group/${String(group.id)}/join-requests`, admin.token)).requests.data.map((r) => r.user.id)).toEqual([member.id]);
  await expect(page.getByRole('button', { name: /recusad/ })).toHaveCount(0);
  await context.close();
});

test('PT phone: a new visitor opens an invite link on its card, joins as a guest and lands in the group', async ({ browser, request, baseURL }) => {
  if (baseURL === undefined) throw new Error('needs the baseURL fixture');
  const admin = await newMember(request, 'Demo Admin');
  const group = await groupOf(request, admin);
  const code = group.invite?.code ?? '';
  const { context, page } = await otherBrowser(browser, baseURL, 'pt-BR');
  await page.goto(`/g/${code}`);
  const texts = ptBR.groups.screens.invite;
  await expect(page.getByRole('heading', { level: 1, name: 'Demo Admin convidou você para um grupo de oração' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: group.name })).toBeVisible();
  await expect(page.getByText('1 membro', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: texts.createAccount })).toBeVisible();
  await expect(page.getByRole('link', { name: texts.logIn, exact: true })).toBeVisible();
  await page.getByRole('button', { name: texts.joinAsGuest }).click();
  await expect(page).toHaveURL(new RegExp(`/pt/group/${String(group.id)}$`));
  await expect(page.getByRole('heading', { level: 1, name: group.name })).toBeVisible();
  await expect.poll(async () => (await call<GroupResponse>(request, 'GET', `group/${String(group.id)}`, admin.token)).group.member_count).toBe(2);
  await context.close();
});

test('PT phone (review m2): a guest on My groups can create an account from there, and comes back', async ({ browser, baseURL }) => {
  if (baseURL === undefined) throw new Error('needs the baseURL fixture');
  const { context, page } = await otherBrowser(browser, baseURL, 'pt-BR');
  await page.goto('/pt');
  await page.getByRole('button', { name: ptBR.landing.continueAsGuest }).click();
  await page.waitForURL('**/pt/community');
  await page.goto('/pt/groups');
  await expect(page.getByText(ptBR.groups.screens.form.membersOnly)).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: ptBR.account.createAccount }).click();
  await expect(page).toHaveURL(/\/pt\/register\?next=%2Fgroups$/);
  await context.close();
});

test('PT phone (review M4): a member the admin removed opens the group, reads why, asks to join, and the admin has the request', async ({ browser, request, baseURL }) => {
  if (baseURL === undefined) throw new Error('needs the baseURL fixture');
  const admin = await newMember(request, 'Demo Admin');
  const member = await newMember(request, 'Ana Lima');
  const group = await groupOf(request, admin);
  await call(request, 'POST', `invite/${group.invite?.code ?? ''}/join`, member.token);
  const ana = await otherBrowser(browser, baseURL, 'pt-BR');
  await presetMemberToken(ana.context, baseURL, member.token);
  await ana.page.goto(`/pt/group/${String(group.id)}`);
  await expect(ana.page.getByRole('heading', { level: 1, name: group.name })).toBeVisible();

  // The admin removes Ana from the group's settings.
  const host = await otherBrowser(browser, baseURL, 'pt-BR');
  await presetMemberToken(host.context, baseURL, admin.token);
  await host.page.goto(`/pt/group/${String(group.id)}/settings`);
  const removeTexts = ptBR.groups.admin.members;
  await host.page.getByRole('button', { name: removeTexts.removeOf.replace('{{name}}', 'Ana Lima') }).click();
  await host.page.getByRole('alertdialog').getByRole('button', { name: removeTexts.removeConfirm, exact: true }).click();
  await expect(host.page.getByTestId('banner')).toContainText(removeTexts.removed.replace('{{name}}', 'Ana Lima'));
  await expect.poll(async () => (await request.fetch(`/api/v1/group/${String(group.id)}`, { headers: { authorization: `Bearer ${member.token}` } })).status()).toBe(403);

  // Ana opens the group: she is told an admin removed her, by the group's name, and nothing of it.
  const ended = ptBR.groups.screens.ended;
  await ana.page.goto(`/pt/group/${String(group.id)}`);
  await expect(ana.page.getByRole('heading', { level: 1 })).toHaveText(ended.removed.replace('{{group}}', group.name));
  await expect(ana.page.getByText(ptBR.groups.screens.page.missingTitle)).toHaveCount(0);
  await expect(ana.page.getByText(ptBR.groups.screens.page.feedLabel)).toHaveCount(0);
  await expect(ana.page.getByText(ended.removedLead)).toBeVisible();
  await ana.page.getByRole('button', { name: ptBR.groups.screens.invite.ask }).click();
  await expect(ana.page.getByRole('main').getByRole('status')).toHaveText(ended.sent);
  await expect(ana.page.getByRole('button', { name: ptBR.groups.screens.invite.ask })).toHaveCount(0);
  // Opened again, the page still says the request was sent, and offers no second one.
  await ana.page.reload();
  await expect(ana.page.getByRole('main').getByRole('status')).toHaveText(ended.sent);
  await expect(ana.page.getByRole('button', { name: ptBR.groups.screens.invite.ask })).toHaveCount(0);
  await expect(ana.page.getByRole('button', { name: /recusad/ })).toHaveCount(0);

  // The admin sees Ana's request to join.
  await host.page.reload();
  await expect(host.page.getByRole('button', { name: ptBR.groups.admin.requests.approveOf.replace('{{name}}', 'Ana Lima') })).toBeVisible();
  await ana.context.close();
  await host.context.close();
});
