// The randomized sync test's prayer-group actions (issue #28 acceptance: 'the randomized sync test
// includes group actions'). At its first group command in a case, device A's guest becomes a
// member (the registration keeps the guest's id and its queued work) and makes a group offline;
// requests posted into it, prayed for and commented on by A, chain temporary ids across batches
// (group.create -> post.create in the group -> post.pray / comment.create). After the heal the
// server's group feed must equal the model, and B, who is not a member, must get 404 for the group.
import { expect } from 'vitest';
import type { ApiPost, Page } from '../../common/contract';
import type { Client } from './randomized-support';
import type { Command, Model } from './randomized-model';

type GroupCommand = Extract<Command, { kind: 'groupRequest' | 'prayGroupRequest' | 'commentGroupRequest' }>;

let people = 0;

/** Runs one group command on A; returns a created request's id (temporary when made offline). */
export async function runGroupCommand(client: Client, model: Model, command: GroupCommand): Promise<number> {
  const { graph, api } = client.device;
  switch (command.kind) {
    case 'groupRequest': {
      if (model.group === null) {
        const email = `randomized-${process.pid}-${(people += 1)}-${Date.now()}@example.org`;
        const registered = await graph.auth.register(api, { name: 'Randomized Member', email, password: 'long enough pw' });
        if (!registered.ok) throw new Error(`register: ${registered.error.message}`);
        const { id } = await graph.commands.createGroup({ name: model.tag });
        model.group = { id, requests: [] };
      }
      return (await graph.commands.createRequest({ text: command.text, type: 'REQUEST', is_anonymous: false, groupId: model.group.id })).id;
    }
    case 'prayGroupRequest':
      await graph.commands.prayForPost(command.request.id);
      return 0;
    case 'commentGroupRequest':
      await graph.commands.createComment(command.request.id, 'comment of A');
      return 0;
  }
}

/** After the heal: the group's feed on the server is the model's, and B cannot see the group. False when the case made none. */
export async function verifyGroup(a: Client, b: Client, model: Model): Promise<boolean> {
  if (model.group === null) return false;
  const groupId = await a.device.graph.groupReads.currentGroupId(model.group.id);
  expect(groupId, 'the group reached the server').toBeGreaterThan(0);
  const feed = await a.device.api.call<Page<ApiPost>>({ path: `group/${groupId}/posts` });
  if (!feed.ok) throw new Error(`GET group/${groupId}/posts: ${feed.status} ${feed.error.message}`);
  const shown = feed.data.data.map((p) => `${p.text}:${p.prayedCount}:${p.commentCount}`).sort();
  expect(shown, "the group's requests").toEqual(model.group.requests.map((r) => `${r.text}:${r.prays}:${r.comments}`).sort());
  const outsider = await b.device.api.call({ path: `group/${groupId}` });
  expect(outsider.ok ? 200 : outsider.status, 'a non-member asks for the group').toBe(404);
  return true;
}
