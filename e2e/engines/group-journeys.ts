// Journey 8 of the cross-engine suite (issue #28 item 5 in every browser members use): a prayer
// group made and a request posted into it while the network is cut below the browser (neither
// engine hears `offline` or `online`); once restored, both reach the server exactly once and the
// group page follows the group to its real id.
import type { PostPage } from '../../common/contract';
import type { GroupsResponse } from '../../common/group-contract';
import type { Journey } from './journey-types';
import { pollUntil } from './support/driver';
import { SYNC_STATUS, article, signInMember, waitForDialog, waitForServiceWorkerControl } from './support/app';
import { expectEqual } from './journeys';

const groupMadeWhileCut: Journey = {
  id: 8,
  name: 'network cut: a prayer group made and a request posted in it; restore: both once, the page at the real id',
  async run({ session, server, note }) {
    const { driver, proxy } = await session();
    const { api } = server;
    const stamp = String(Date.now());
    // A member of their own (groups are members only), signed in by the cookie as a returning one.
    const email = `engines-group-${stamp}@prayer.local`;
    const registered = await api.call('POST', 'auth/register', { body: { name: 'Lydia Engines', email, password: 'pray-with-us' } });
    if (registered.status !== 201 && registered.status !== 200) throw new Error(`POST auth/register: ${String(registered.status)}`);
    const token = await signInMember(driver, api, email);
    await driver.goto('/groups');
    await driver.waitFor({ role: 'heading', name: 'My groups' }, { timeout: 30_000 });
    await waitForServiceWorkerControl(driver);
    await driver.waitFor({ role: 'heading', name: 'My groups' }, { timeout: 30_000 });

    proxy.cut();
    const name = `Engines circle ${stamp}`;
    const text = `Pray for our engines circle ${stamp}`;
    await driver.click({ role: 'button', name: 'Create a group' });
    const form = { role: 'dialog', name: 'Create a group' };
    await waitForDialog(driver, form);
    await driver.fill({ role: 'textbox', name: 'Name', within: form }, name);
    await driver.click({ role: 'button', name: 'Create group', within: form });
    await driver.waitFor({ role: 'heading', name });
    await driver.click({ role: 'button', name: 'Post to this group' });
    const composer = { role: 'dialog', name: `Share with ${name}` };
    await waitForDialog(driver, composer);
    await driver.fill({ role: 'textbox', name: 'What is on your heart?', within: composer }, text);
    await driver.click({ role: 'button', name: 'Post', within: composer });
    await driver.waitForHidden(composer);
    await driver.waitFor(article(text));
    expectEqual((await api.get<GroupsResponse>('groups', token)).groups.length, 0, 'nothing reached the server while cut');

    proxy.restore();
    const restored = Date.now();
    const groupId = await pollUntil(async () => (await api.get<GroupsResponse>('groups', token)).groups.find((g) => g.name === name)?.id, () => 'the group on the server', 60_000);
    await pollUntil(async () => ((await api.get<PostPage>(`group/${String(groupId)}/posts`, token)).data.length > 0 ? true : undefined), () => 'the request in the group', 60_000);
    note(`restored -> the group and its request on the server: ${String(Date.now() - restored)} ms`);
    await driver.waitForText(SYNC_STATUS, 'All saved', { timeout: 30_000 });
    await driver.waitForUrl(new RegExp(`/group/${String(groupId)}$`), { timeout: 30_000 });
    expectEqual((await api.get<GroupsResponse>('groups', token)).groups.filter((g) => g.name === name).length, 1, 'the group once');
    expectEqual((await api.get<PostPage>(`group/${String(groupId)}/posts`, token)).data.map((p) => p.text).join(' | '), text, 'the request once, in the group');
  },
};

export const GROUP_JOURNEYS: readonly Journey[] = [groupMadeWhileCut];
