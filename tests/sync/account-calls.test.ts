// The accounts area's worker calls against the real server in-process (worker/account.ts,
// worker/auth.ts resetPassword / confirmDelete) and the 'user.profile' op through the outbox:
// recovery by mail, profile edits sent once, the local copies the settings and profile screens read.
import { afterAll, describe, expect, it } from 'vitest';
import { updateProfile } from '../../src/commands';
import { db } from '../../src/model/db';
import { getAuth } from '../../src/model/meta';
import { readAccountSettings, readPendingProfileEdit, readPublicProfile } from '../../src/db/account-reads';
import { accountCall } from '../../worker/account';
import { confirmDelete, register, resetPassword } from '../../worker/auth';
import { drainOutbox } from '../../worker/drain';
import { lastMailTo, linkPath, tempDataDir } from '../server/accounts-support';
import { mutations, useHarness } from './support';

const data = tempDataDir();
const h = useHarness({ config: { dataDir: data.dir } });
afterAll(() => data.remove());

let counter = 0;
async function registerMember(name: string): Promise<string> {
  counter += 1;
  const email = `calls-${counter}-${Date.now()}@prayer.local`;
  const result = await register(h.api, { name, email, password: 'first-password-1' });
  if (!result.ok) throw new Error(result.error.message);
  return email;
}

describe('password recovery through the worker', () => {
  it('the mailed token signs the member in once; a second use is refused on the token field', async () => {
    const email = await registerMember('Rosa Recovery');
    const sent = await accountCall(h.api, 'forgotPassword', { email });
    expect(sent.ok).toBe(true);
    const token = linkPath(lastMailTo(data.dir, email), '/password-reset/').split('/').at(-1) ?? '';

    const first = await resetPassword(h.api, { token, password: 'second-password-2' });
    expect(first.ok && first.session).toMatchObject({ kind: 'member', user: { email } });
    expect((await getAuth()).memberToken).not.toBeNull();

    const again = await resetPassword(h.api, { token, password: 'third-password-3' });
    expect(again.ok).toBe(false);
    expect(!again.ok && again.error.errors?.token?.[0]).toMatch(/invalid or has expired/);
  });
});

describe("'user.profile' through the outbox", () => {
  it('waits as a pending edit, reaches the server exactly once, and the ack updates the session profile', async () => {
    await registerMember('Paulo Profile');
    await updateProfile({ name: '  Paulo Renamed ', nickname: 'Paulinho' });
    expect(await readPendingProfileEdit()).toEqual({ name: 'Paulo Renamed', nickname: 'Paulinho' });

    h.calls.length = 0;
    expect(await drainOutbox(h.api)).toMatchObject({ sent: 1, remaining: 0 });
    expect(mutations(h.calls).map((call) => [call.method, call.path, call.status])).toEqual([['PUT', 'user/profile', 200]]);
    expect(await readPendingProfileEdit()).toBeNull();
    expect((await getAuth()).user).toMatchObject({ name: 'Paulo Renamed', nickname: 'Paulinho' });
    const me = await h.api.call<{ user: { name: string } }>({ path: 'auth/me' });
    expect(me.ok && me.data.user.name).toBe('Paulo Renamed');
  });

  it('refuses a malformed username before anything is queued', async () => {
    await registerMember('Ursula Username');
    await expect(updateProfile({ username: 'x' })).rejects.toMatchObject({ status: 422, errors: { username: [expect.any(String)] } });
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('local copies for the settings and profile screens', () => {
  it('GET user/settings lands in meta; GET user/profile/{slug} in the users table, and a 404 removes the copy', async () => {
    const email = await registerMember('Sergio Settings');
    expect((await accountCall(h.api, 'refreshSettings', null)).ok).toBe(true);
    expect(await readAccountSettings()).toMatchObject({ email, has_password: true });

    expect((await accountCall(h.api, 'refreshProfile', { slug: 'demo' })).ok).toBe(true);
    const demo = await readPublicProfile('DEMO');
    expect(demo).toMatchObject({ username: 'demo' });
    expect(await readPublicProfile(String(demo?.id))).toMatchObject({ username: 'demo' });

    if (!demo) throw new Error('no demo profile');
    await db.users.put({ ...demo, id: 999_999, username: 'gone-person' });
    const missing = await accountCall(h.api, 'refreshProfile', { slug: 'gone-person' });
    expect(!missing.ok && missing.error.status).toBe(404);
    expect(await readPublicProfile('gone-person')).toBeNull();
  });
});

describe('account deletion by the mailed link', () => {
  it('deletes the account, ends the local session and clears its rows; the link then answers the same', async () => {
    const email = await registerMember('Dora Delete');
    expect((await accountCall(h.api, 'deleteRequest', null)).ok).toBe(true);
    const [guid = '', userId = '', hash = '', code = ''] = linkPath(lastMailTo(data.dir, email), '/profile/delete/').split('/').slice(3);
    const link = { guid, user_id: Number(userId), hash, code };

    const done = await confirmDelete(h.api, link);
    expect(done.ok && done.data.signedOut).toBe(true);
    expect(await getAuth()).toMatchObject({ memberToken: null, user: null });
    expect(await db.posts.count()).toBe(0);

    const login = await h.api.call({ method: 'POST', path: 'auth/login', body: { email, password: 'first-password-1' }, token: null });
    expect(login.ok).toBe(false);
    expect((await confirmDelete(h.api, link)).ok).toBe(true);
  });
});
