// Pulls one post's detail into the local database (docs/architecture/sync-protocol.md 'Outbox and
// sync protocol' Pull): GET post/{id}, its comments and the viewer's notes, each written and
// rebased in one transaction (a pull never undoes a pending local action). Also the re-fetch after
// a refusal, so the screen shows the server's truth once the optimistic change is rolled back.
import { SYNC_LOCK } from '../common/constants';
import type { ApiComment, ApiNote, Page, PostResponse } from '../common/contract';
import { db, writeTables } from '../src/model/db';
import { bearerToken, getAuth, mappedId } from '../src/model/meta';
import type { NewOutboxEntryOf, OpName, TargetIds } from '../src/model/outbox-types';
import type { RowRef } from '../src/model/types';
import { rebaseRows, rowsOf } from '../src/commands/ops/registry';
import { forgetRows, putServerRows } from '../src/model/rows';
import type { ApiClient } from './api-client';
import type { PostParts, PullResult } from './api-types';
import { withLock } from './locks';

/** Bound on the pages of comments or notes pulled for one post (20 a page). */
const MAX_CHILD_PAGES = 10;

type Fetched<T> = { ok: true; rows: T[]; isComplete: boolean } | { ok: false; error: PullFailure };
type PullFailure = Extract<PullResult, { ok: false }>['error'];

async function fetchAllPages<T>(api: ApiClient, path: string): Promise<Fetched<T>> {
  const rows: T[] = [];
  for (let page = 1; page <= MAX_CHILD_PAGES; page += 1) {
    const result = await api.call<Page<T>>({ path, query: { page } });
    if (!result.ok) return { ok: false, error: result.error };
    rows.push(...result.data.data);
    if (page >= result.data.last_page) return { ok: true, rows, isComplete: true };
  }
  return { ok: true, rows, isComplete: false };
}

type ChildTable = 'comments' | 'notes';

/**
 * Writes a post's comments (or notes). A complete list also proves which server rows are gone
 * (deleted elsewhere); rows written here (negative ids) are never pruned, only their own acks
 * or refusals remove them.
 */
async function storeChildren(table: ChildTable, postId: number, fetched: { rows: (ApiComment | ApiNote)[]; isComplete: boolean }): Promise<void> {
  await db.transaction('rw', writeTables(), async () => {
    const tableRef = table === 'comments' ? db.comments : db.notes;
    if (fetched.isComplete) {
      const onServer = new Set(fetched.rows.map((row) => row.id));
      const local = await tableRef.where('post_id').equals(postId).primaryKeys();
      await tableRef.bulkDelete(local.filter((id) => id > 0 && !onServer.has(id)));
    }
    if (table === 'comments') await putServerRows('comments', fetched.rows.filter((row): row is ApiComment => 'comment' in row));
    else await putServerRows('notes', fetched.rows.filter((row): row is ApiNote => 'note' in row));
    const refs: RowRef[] = fetched.rows.map((row) => ({ table, id: row.id }));
    await rebaseRows([...refs, { table: 'posts', id: postId }]);
  });
}

async function pullChildren(api: ApiClient, table: ChildTable, postId: number): Promise<PullFailure | null> {
  const path = table === 'comments' ? `post/${postId}/comments` : `post/${postId}/notes`;
  const fetched = table === 'comments' ? await fetchAllPages<ApiComment>(api, path) : await fetchAllPages<ApiNote>(api, path);
  if (!fetched.ok) return fetched.error;
  await storeChildren(table, postId, fetched);
  return null;
}

/** The post itself; gone or hidden on the server (404/403): the local copy goes too. */
async function pullPostRow(api: ApiClient, postId: number): Promise<PullFailure | null> {
  const result = await api.call<PostResponse>({ path: `post/${postId}` });
  await db.transaction('rw', writeTables(), async () => {
    if (result.ok) {
      await putServerRows('posts', [result.data.post]);
      await rebaseRows([{ table: 'posts', id: postId }]);
    } else if (result.status === 404 || result.status === 403) {
      await forgetRows('posts', [postId]);
    }
  });
  return result.ok ? null : result.error;
}

/** A temporary id whose post has since got its real one is followed (meta.postIdMap). */
async function serverIdOf(id: number): Promise<number | null> {
  if (id > 0) return id;
  return (await mappedId('postIdMap', id)) ?? null;
}

/** For callers already holding SYNC_LOCK (locks are not re-entrant). */
async function pullPostLocked(api: ApiClient, id: number, parts: PostParts = {}): Promise<PullResult> {
  const postId = await serverIdOf(id);
  // Written here and not yet on the server: nothing to pull, the local row is all there is.
  if (postId === null) return { ok: true, currentPage: 1, lastPage: 1, total: 0, count: 0 };
  const postError = await pullPostRow(api, postId);
  if (postError) return { ok: false, error: postError };
  const wantsComments = parts.comments ?? true;
  // Notes are private to their author: a visitor without a session has none (the server says 401).
  const wantsNotes = (parts.notes ?? true) && bearerToken(await getAuth()) !== null;
  const commentError = wantsComments ? await pullChildren(api, 'comments', postId) : null;
  const noteError = wantsNotes ? await pullChildren(api, 'notes', postId) : null;
  const error = commentError ?? noteError;
  return error ? { ok: false, error } : { ok: true, currentPage: 1, lastPage: 1, total: 1, count: 1 };
}

/** docs/product.md §2 post detail: the post, its comments and the viewer's notes (parts default to all). */
export async function pullPost(api: ApiClient, id: number, parts: PostParts = {}): Promise<PullResult> {
  return withLock(SYNC_LOCK, () => pullPostLocked(api, id, parts));
}

/** After a refusal (drain, under SYNC_LOCK): re-fetch what the entry touched. Best effort. */
export async function refetchAfterRefusal<K extends OpName>(api: ApiClient, entry: NewOutboxEntryOf<K>): Promise<void> {
  const ids: TargetIds = entry.target;
  const postId = ids.postId;
  if (postId === undefined || postId < 0) return;
  const tables = new Set(rowsOf(entry).map((ref) => ref.table));
  await pullPostLocked(api, postId, { comments: tables.has('comments'), notes: tables.has('notes') });
}
