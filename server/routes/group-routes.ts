// Prayer groups (issue #28; docs/product.md §11 Prayer groups; docs/api.md 'Prayer groups'). Reads
// resolve the caller optionally: anyone who is not a live member, no token included, gets the same
// 404, except a former member on GET group/{id} and its posts (domain/groups.ts readGroup). Writes go through mutation() for exactly-once, and so are batchable in POST sync/push
// (docs/architecture/sync-protocol.md 'Outbox and sync protocol'). Thin adapters over
// domain/group*.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DeletedResponse, Envelope, GroupListsResponse, PostPage } from '../../common/contract';
import type { ModerationQueueResponse } from '../../common/moderation-contract';
import type {
  GroupMembersResponse, GroupResponse, GroupsResponse, InvitePreviewResponse, InviteResponse, JoinDecisionResponse, JoinRequestResponse,
  JoinRequestsResponse, JoinResponse, MembershipEndedResponse, MembershipResponse,
} from '../../common/group-contract';
import type { Db } from '../db/client';
import { requireMember } from '../domain/account-settings';
import { decideRequest, pendingRequests, requestToJoin } from '../domain/group-join-requests';
import { joinByInvite, previewInvite, rotateInvite } from '../domain/group-joining';
import { decideInGroup, groupReports } from '../domain/group-moderation';
import { setGroupNotify } from '../domain/group-notifications';
import { groupLists } from '../domain/group-lists';
import { groupFeed } from '../domain/group-posts';
import { endMembership, listMembers, setRole } from '../domain/group-members';
import { createGroup, deleteGroup, groupNotFound, myGroups, readGroup, updateGroup } from '../domain/groups';
import { optionalSession, requireSession } from '../http/auth-context';
import { resolveChannel } from '../http/channel';
import {
  createGroupSchema, decideSchema, groupPageSchema, groupParams, inviteParams, groupItemParams, leaveSchema, memberParams, notifySchema,
  rotateInviteSchema, setRoleSchema, updateGroupSchema,
} from '../http/group-schemas';
import { mutation } from '../http/mutation';
import { postPageResponse } from '../http/post-response-schema';
import { feedQuerySchema } from '../http/schemas';
import { parseInput } from '../http/validate';
import type { RouteDeps } from './deps';
import { registerGroupPictureRoutes } from './group-picture-routes';
import { decisionSchema } from './moderation-routes';

/** The caller of a group read: a session's user, else the 404 every non-member gets. */
async function readerOf(db: Db, request: FastifyRequest): Promise<number> {
  const session = await optionalSession(db, request);
  if (session === undefined) throw groupNotFound();
  return session.user.id;
}

export function registerGroupRoutes(app: FastifyInstance, { db }: RouteDeps): void {
  app.get('/groups', async (request): Promise<Envelope<GroupsResponse>> => {
    const session = await requireSession(db, request);
    return { data: { groups: await myGroups(db, session.user.id) } };
  });

  app.get('/group/:groupId', async (request): Promise<Envelope<GroupResponse>> => {
    const { groupId } = parseInput(groupParams, request.params);
    // A former member learns why they are out (403 group.removed / group.left, issue #49 major 4).
    return { data: { group: await readGroup(db, groupId, await readerOf(db, request)) } };
  });

  app.get('/group/:groupId/members', async (request): Promise<Envelope<GroupMembersResponse>> => {
    const { groupId } = parseInput(groupParams, request.params);
    const { page } = parseInput(groupPageSchema, request.query);
    return { data: { members: await listMembers(db, groupId, await readerOf(db, request), page) } };
  });

  app.get('/group/:groupId/join-requests', async (request): Promise<Envelope<JoinRequestsResponse>> => {
    const { groupId } = parseInput(groupParams, request.params);
    const { page } = parseInput(groupPageSchema, request.query);
    return { data: { requests: await pendingRequests(db, groupId, await readerOf(db, request), page) } };
  });

  // Issue #28 step 2: a group's feed, in the shape of GET posts (docs/api.md 'Prayer groups').
  app.get('/group/:groupId/posts', { schema: { response: { 200: postPageResponse } } }, async (request): Promise<Envelope<PostPage>> => {
    const { groupId } = parseInput(groupParams, request.params);
    const q = parseInput(feedQuerySchema, request.query);
    const query = { type: q.type, search: q.search, page: q.page, since: q.since, onlyNew: q.new, loadMore: q.loadMore };
    return { data: await groupFeed(db, groupId, await readerOf(db, request), query) };
  });

  // Issue #28 item 4: the group's prayer lists (domain/group-lists.ts); the list routes do the rest.
  app.get('/group/:groupId/lists', async (request): Promise<Envelope<GroupListsResponse>> => {
    const { groupId } = parseInput(groupParams, request.params);
    return { data: { lists: await groupLists(db, groupId, await readerOf(db, request)) } };
  });

  app.get('/invite/:code', async (request): Promise<Envelope<InvitePreviewResponse>> => {
    const { code } = parseInput(inviteParams, request.params);
    // A session is optional: with one, a member an admin removed is told so (issue #49 major 4).
    const session = await optionalSession(db, request);
    return { data: { invite: await previewInvite(db, code, session?.user.id ?? null) } };
  });

  app.post('/group', mutation(db, async ({ tx, session, request }) => {
    requireMember(session.user);
    const { channel_id: channelId, ...input } = parseInput(createGroupSchema, request.body);
    const group = await createGroup(tx, session.user.id, channelId ?? resolveChannel(request, session), input);
    return { status: 201, data: { group } satisfies GroupResponse };
  }));

  app.put('/group/:groupId', mutation(db, async ({ tx, session, request }) => {
    const { groupId } = parseInput(groupParams, request.params);
    const edit = parseInput(updateGroupSchema, request.body);
    return { data: { group: await updateGroup(tx, groupId, session.user.id, edit) } satisfies GroupResponse };
  }));

  app.delete('/group/:groupId', mutation(db, async ({ tx, session, request }) => {
    const { groupId } = parseInput(groupParams, request.params);
    return { data: await deleteGroup(tx, groupId, session.user.id) satisfies DeletedResponse };
  }));

  registerMembershipRoutes(app, db);
  registerGroupModerationRoutes(app, db);
  registerGroupPictureRoutes(app, db);
}

/** Issue #28 step 2: the group's reports, for its moderators and admins (domain/group-moderation.ts). */
function registerGroupModerationRoutes(app: FastifyInstance, db: Db): void {
  app.get('/group/:groupId/reports', async (request): Promise<Envelope<ModerationQueueResponse>> => {
    const { groupId } = parseInput(groupParams, request.params);
    const { page } = parseInput(groupPageSchema, request.query);
    return { data: await groupReports(db, groupId, await readerOf(db, request), page) };
  });

  for (const kind of ['post', 'comment'] as const) {
    app.post(`/group/:groupId/moderation/${kind}/:id`, mutation(db, async ({ tx, session, request }) => {
      const { groupId, id } = parseInput(groupItemParams, request.params);
      const { action } = parseInput(decisionSchema, request.body);
      return { data: await decideInGroup(tx, groupId, session.user.id, kind, id, action) };
    }));
  }
}

/** Roles, leaving and removing, the invite link and requests to join. */
function registerMembershipRoutes(app: FastifyInstance, db: Db): void {
  app.put('/group/:groupId/member/:userId', mutation(db, async ({ tx, session, request }) => {
    const { groupId, userId } = parseInput(memberParams, request.params);
    const { role, successor_id: successorId } = parseInput(setRoleSchema, request.body);
    return { data: { membership: await setRole(tx, groupId, session.user.id, userId, role, successorId) } satisfies MembershipResponse };
  }));

  // Issue #28 item 6: the caller's own notifications of the group's new posts (domain/group-notifications.ts).
  app.put('/group/:groupId/notify', mutation(db, async ({ tx, session, request }) => {
    const { groupId } = parseInput(groupParams, request.params);
    const { level } = parseInput(notifySchema, request.body);
    return { data: { group: await setGroupNotify(tx, groupId, session.user.id, level) } satisfies GroupResponse };
  }));

  app.delete('/group/:groupId/member/:userId', mutation(db, async ({ tx, session, request }) => {
    const { groupId, userId } = parseInput(memberParams, request.params);
    const { successor_id: successorId } = parseInput(leaveSchema, request.body);
    return { data: await endMembership(tx, groupId, session.user.id, userId, successorId) satisfies MembershipEndedResponse };
  }));

  app.post('/group/:groupId/invite', mutation(db, async ({ tx, session, request }) => {
    const { groupId } = parseInput(groupParams, request.params);
    const limits = parseInput(rotateInviteSchema, request.body);
    const invite = await rotateInvite(tx, groupId, session.user.id, { expiresAt: limits.expires_at, maxUses: limits.max_uses });
    return { status: 201, data: { invite } satisfies InviteResponse };
  }));

  app.post('/invite/:code/join', mutation(db, async ({ tx, session, request }) => {
    const { code } = parseInput(inviteParams, request.params);
    const { created, ...joined } = await joinByInvite(tx, code, session.user.id);
    return { status: created ? 201 : 200, data: joined satisfies JoinResponse };
  }));

  app.post('/group/:groupId/join-request', mutation(db, async ({ tx, session, request }) => {
    const { groupId } = parseInput(groupParams, request.params);
    const { created, request: asked } = await requestToJoin(tx, groupId, session.user.id);
    return { status: created ? 201 : 200, data: { request: asked } satisfies JoinRequestResponse };
  }));

  app.post('/group/:groupId/join-request/:id/decide', mutation(db, async ({ tx, session, request }) => {
    const { groupId, id } = parseInput(groupItemParams, request.params);
    const { decision } = parseInput(decideSchema, request.body);
    return { data: await decideRequest(tx, groupId, session.user.id, id, decision) satisfies JoinDecisionResponse };
  }));
}
