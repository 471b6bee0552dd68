// Issue #10: the client and the server agree on what may go inside POST sync/push. For every op
// of the registry, the client sends it on its own (worker/outbox-queue.ts isSingleOnly: a bot
// check or `single`) exactly when the server's route table says the route is not batchable (a
// batch holding it is refused whole with a 422, costing a push and a fallback).
import { describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { createMutationRegistry } from '../../server/http/mutation-registry';
import { OPS } from '../../src/commands/ops/registry';
import type { OpName, OutboxEntry } from '../../src/model/outbox-types';
import { isSingleOnly, pushMutationOf } from '../../worker/outbox-queue';
import { startTestServer } from '../helpers/test-server';

/** One entry of each op with every target id set; the body holds what any op's request reads. */
function sampleEntry(op: OpName): OutboxEntry {
  const target = { postId: 1, commentId: 2, noteId: 3, listId: 4, itemId: 5, itemNoteId: 6, itemCommentId: 7, groupId: 10, updateId: 12 };
  const body = { until: '2025-01-01T00:00:00.000Z', notificationId: 9, type: 'spam', text: 'x', comment: 'x', note: 'x', name: 'x', person: { id: 8 }, code: 'abcdefghijkl',
    // Issue #13: a reminder's device-made id and what it is for.
    id: '3f2a9d4e-0000-4000-8000-000000000001', input: { target: { kind: 'session', source: { kind: 'quick' } } },
    // Issue #28: the person and the request to join a group's admin ops act on.
    member: { id: 8 }, request: { id: 9 } };
  // Built field by field rather than per op: only the request's method and path matter here.
  const entry: unknown = { op, target, body, key: 'k', seq: 1, accountId: 11, createdAt: 0, attempts: 0, nextAttemptAt: 0, lastError: null, state: 'pending' };
  return entry as OutboxEntry;
}

describe('batchable routes', () => {
  it('every op goes alone exactly when the server would refuse it inside a push', async () => {
    const registry = createMutationRegistry();
    const server = await startTestServer({ onRoute: (route: RouteOptions) => registry.onRoute(route) });
    try {
      const disagreements: string[] = [];
      for (const op of Object.keys(OPS) as OpName[]) {
        const entry = sampleEntry(op);
        const mutation = pushMutationOf(entry);
        const match = registry.match(mutation.method, `/api/v1/${mutation.path}`);
        if (!match.found) {
          disagreements.push(`${op}: ${mutation.method} ${mutation.path} is not a route`);
          continue;
        }
        const serverSingle = match.route.kind !== 'mutation';
        if (serverSingle !== isSingleOnly(entry)) disagreements.push(`${op}: server ${match.route.kind}, client ${isSingleOnly(entry) ? 'single' : 'batched'}`);
      }
      expect(disagreements).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
