// The mailed account links of docs/product.md §2: /profile/delete/{guid}/{user_id}/{hash}/{code} (POST
// user/delete-request, POST user/delete-confirm) and /profile/download/{guid}/{time}/{user_id}/{hash}
// (POST user/download-request, GET user/download/...).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { AccountLinkResponse, MessageResponse } from '../../common/account-contract';
import type { ApiError, AuthResponse, Envelope, PostPage, PostResponse } from '../../common/contract';
import { sign } from '../../server/domain/signed-links';
import { uniqueEmail, useApi } from './api';
import { lastMailTo, linkPath, tempDataDir } from './accounts-support';

const data = tempDataDir();
// Registered first, so it runs after the server's own afterAll has closed it.
afterAll(() => data.remove());
const api = useApi({ config: { dataDir: data.dir } });

async function member(): Promise<AuthResponse & { email: string }> {
  const email = uniqueEmail('links');
  const r = await api.call<Envelope<AuthResponse>>('POST', 'auth/register', { body: { name: 'Link Lena', email, password: 'long-enough-pw' } });
  return { ...r.json.data, email };
}

/** Asks for the deletion link and returns its parts {guid, user_id, hash, code}. */
async function deletionLink(m: { email: string; authorization: { token: string } }) {
  const r = await api.call<Envelope<AccountLinkResponse>>('POST', 'user/delete-request', { token: m.authorization.token });
  expect(r.status).toBe(200);
  const [, , , guid = '', userId = '', hash = '', code = ''] = linkPath(lastMailTo(data.dir, m.email), '/profile/delete/').split('/');
  return { guid, user_id: Number(userId), hash, code };
}

async function downloadPath(m: { email: string; authorization: { token: string } }): Promise<string> {
  const r = await api.call<Envelope<AccountLinkResponse>>('POST', 'user/download-request', { token: m.authorization.token });
  expect(r.status).toBe(200);
  return linkPath(lastMailTo(data.dir, m.email), '/profile/download/').replace('/profile/download/', 'user/download/');
}

const seededPost = async () => {
  const [post] = (await api.call<Envelope<PostPage>>('GET', 'posts')).json.data.data;
  if (post === undefined) throw new Error('the seed has posts');
  return post;
};
const postById = async (id: number) => (await api.call<Envelope<PostResponse>>('GET', `post/${id}`)).json.data.post;

describe('POST user/delete-request', () => {
  it('mails a confirmation link that expires in 24 hours', async () => {
    const m = await member();
    const r = await api.call<Envelope<AccountLinkResponse>>('POST', 'user/delete-request', { token: m.authorization.token });
    expect(r.json.data.message).toBe('We sent a confirmation link to your email');
    expect(Date.parse(r.json.data.expires_at) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    const mail = lastMailTo(data.dir, m.email);
    expect(mail.subject).toBe('Confirm the deletion of your account');
    expect(linkPath(mail, '/profile/delete/')).toMatch(new RegExp(`^/profile/delete/[0-9a-f-]{36}/${m.user.id}/[\\w-]+/[\\w-]+$`));
  });

  it('is member-only (guest 403, visitor 401) and honours the Idempotency-Key', async () => {
    expect((await api.call('POST', 'user/delete-request', { token: (await api.guest()).authorization.token })).status).toBe(403);
    expect((await api.call('POST', 'user/delete-request')).status).toBe(401);
    const m = await member();
    const headers = { 'idempotency-key': 'delete-request-1' };
    const first = await api.call('POST', 'user/delete-request', { token: m.authorization.token, headers });
    const again = await api.call('POST', 'user/delete-request', { token: m.authorization.token, headers });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.json).toEqual(first.json);
  });
});

describe('POST user/delete-confirm', () => {
  it("deletes the account and its data, and gives back the counters it added to others' posts", async () => {
    const m = await member();
    const token = m.authorization.token;
    const target = await seededPost();
    const before = await postById(target.id);
    await api.call('POST', `post/${target.id}/pray`, { token });
    await api.call('POST', `post/${target.id}/comment`, { token, body: { comment: 'Praying with you' } });
    const own = await api.createPost(token, { text: 'A request that goes with the account', type: 'REQUEST' });
    const link = await deletionLink(m);

    const r = await api.call<Envelope<MessageResponse>>('POST', 'user/delete-confirm', { body: link });
    expect(r.status).toBe(200);
    expect(r.json.data.message).toBe('Your account and all of its data were deleted');
    expect((await api.call('GET', 'auth/me', { token })).status).toBe(401);
    expect((await api.call('POST', 'auth/login', { body: { email: m.email, password: 'long-enough-pw' } })).status).toBe(401);
    expect((await api.call('GET', `user/profile/${m.user.id}`)).status).toBe(404);
    expect((await api.call('GET', `post/${own.id}`)).status).toBe(404);
    expect(await postById(target.id)).toMatchObject({ prayedCount: before.prayedCount, commentCount: before.commentCount });
    // A repeated confirm (a lost response) answers the same; the email can register again.
    expect((await api.call('POST', 'user/delete-confirm', { body: link })).json).toEqual(r.json);
    expect((await api.call('POST', 'auth/register', { body: { name: 'Back Again', email: m.email, password: 'long-enough-pw' } })).status).toBe(201);
  });

  it('refuses a wrong code or hash, an expired link (422), and a session of someone else (403)', async () => {
    const m = await member();
    const link = await deletionLink(m);
    for (const bad of [{ ...link, code: 'wrong' }, { ...link, hash: 'wrong' }, { ...link, user_id: link.user_id + 1 }]) {
      expect((await api.call<ApiError>('POST', 'user/delete-confirm', { body: bad })).json).toEqual({ status: 422, message: 'This link is invalid or has expired', code: 'auth.invalid_link' });
    }
    expect((await api.call('POST', 'user/delete-confirm', { body: { ...link, guid: 'not-a-guid' } })).status).toBe(422);
    expect((await api.call('POST', 'user/delete-confirm', { token: await api.login(), body: link })).status).toBe(403);
    expect((await api.call('POST', 'user/delete-confirm', { token: (await api.guest()).authorization.token, body: link })).status).toBe(403);
    await api.server.handle.db.execute(sql`UPDATE account_deletion_requests SET expires_at = now() - interval '1 second' WHERE guid = ${link.guid}`);
    expect((await api.call('POST', 'user/delete-confirm', { token: m.authorization.token, body: link })).status).toBe(422);
    expect((await api.call('GET', 'auth/me', { token: m.authorization.token })).status).toBe(200);
  });
});

describe('POST user/download-request and GET user/download/...', () => {
  it('mails a link that downloads all of the member’s data as JSON, for 48 hours', async () => {
    const m = await member();
    const token = m.authorization.token;
    const post = await api.createPost(token, { text: 'Exported request', type: 'REQUEST' });
    await api.call('POST', `post/${post.id}/pray`, { token });
    await api.call('PUT', 'user/session-finished', { token, body: { items_prayed: 2, duration_seconds: 60 } });
    const reminder = { target: { kind: 'post', post_id: post.id }, days: [0, 3], time: '07:30', time_zone: 'America/Sao_Paulo', ends_on: null, enabled: true };
    const reminderId = randomUUID();
    expect((await api.call('PUT', `reminders/${reminderId}`, { token, body: reminder })).status).toBe(200);
    // Another member's reminder is not in this download.
    const other = await member();
    expect((await api.call('PUT', `reminders/${randomUUID()}`, { token: other.authorization.token, body: reminder })).status).toBe(200);
    const path = await downloadPath(m);
    const r = await api.call<Envelope<Record<string, unknown[]> & { user: { email: string } }>>('GET', path);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toContain('attachment');
    expect(r.json.data.user.email).toBe(m.email);
    expect(r.json.data.posts).toEqual([expect.objectContaining({ id: post.id, text: 'Exported request' })]);
    expect(r.json.data.prayers).toHaveLength(1);
    expect(r.json.data.prayer_sessions).toHaveLength(1);
    expect(r.json.data.reminders).toEqual([expect.objectContaining({ id: reminderId, ...reminder, label: 'Exported request', url: `/community/post/${post.id}` })]);
    for (const key of ['comments', 'notes', 'bookmarks', 'lists', 'list_items', 'reports', 'providers', 'push_devices']) expect(r.json.data[key]).toEqual([]);
    expect(JSON.stringify(r.json)).not.toMatch(/password|token_hash/);
    expect((await api.call('GET', path, { token })).status).toBe(200);
  });

  it('refuses a tampered or expired link (422) and a session of someone else (403)', async () => {
    const m = await member();
    const path = await downloadPath(m);
    const parts = path.split('/');
    const tampered = [...parts.slice(0, 3), String(Number(parts[3]) - 10), ...parts.slice(4)].join('/');
    expect((await api.call('GET', tampered)).status).toBe(422);
    const old = Math.floor(Date.now() / 1000) - 49 * 3600;
    const guid = parts[2] ?? '';
    const expired = `user/download/${guid}/${old}/${m.user.id}/${sign({ appSecret: undefined, dataDir: data.dir }, 'download', guid, old, m.user.id)}`;
    expect((await api.call<ApiError>('GET', expired)).json).toMatchObject({ status: 422, message: 'This link is invalid or has expired' });
    expect((await api.call('GET', path, { token: await api.login() })).status).toBe(403);
    expect((await api.call('GET', 'user/download/x/y/z/w')).status).toBe(422);
  });

  it('is member-only to request (guest 403, visitor 401)', async () => {
    expect((await api.call('POST', 'user/download-request', { token: (await api.guest()).authorization.token })).status).toBe(403);
    expect((await api.call('POST', 'user/download-request')).status).toBe(401);
  });
});
