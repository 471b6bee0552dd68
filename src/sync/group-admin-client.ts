// The admin screen's pulls (issue #28 items 1, 2; worker/pull-group-admin.ts), as src/sync/client.ts
// offers the others: each starts the engine if needed and answers a PullResult; the screen reads
// what they stored live (src/db/group-admin-queries.ts).
import type { PullResult } from '../../worker/api-types';
import { syncEngine } from './client';

/** GET group/{id} into the group's row (its name, member count and live invite). */
export async function pullGroup(id: number): Promise<PullResult> {
  return (await syncEngine()).pull('group', [id]);
}

/** A page of the group's members (1 replaces what was read, later pages add). */
export async function pullGroupMembers(id: number, page?: number): Promise<PullResult> {
  return (await syncEngine()).pull('groupMembers', page === undefined ? [id] : [id, page]);
}

/** The pending requests to join (admins; anyone else reads none). */
export async function pullGroupJoinRequests(id: number): Promise<PullResult> {
  return (await syncEngine()).pull('groupJoinRequests', [id]);
}

/** Issue #28 item 3: the group's reports (its moderators and admins; anyone else reads none). */
export async function pullGroupReports(id: number): Promise<PullResult> {
  return (await syncEngine()).pull('groupReports', [id]);
}
