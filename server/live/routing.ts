// Which stream gets which poke for one coalescing window of announcements (issue #48; docs/api.md
// 'Live' says the same in words). The rules:
// - a post's counters moved: `counts` to the streams of its channel whose viewer may see it;
// - a new post: `new_posts` to the streams of its channel whose viewer may see it, except its
//   author's, which `pull`;
// - any other change of a post (edit, delete, answered, an update, hidden by reports): `pull` to
//   every stream of its channel and its author's; for a GROUP post only to its live members'
//   streams (asked at send time: a removed or former member, the author included, hears nothing).
//   A pull carries no data, so it tells nobody anything a pull would not; a post gone from view
//   leaves every device that held it that way;
// - a user's own notification or membership: `pull` to that user's streams; a group's members or
//   the group changed: `pull` to its live members' streams;
// - the account wrote on one session: `pull` to its other sessions' streams;
// - the database connection was lost (announcements may be missing): `pull` to every stream.
// "May see" is the pull's own rule, asked for every viewer at once (./audience.ts).
import { LIVE_MAX_SPREAD_MS, LIVE_SPREAD_PER_STREAM_MS, type LiveCount, type LivePoke } from '../../common/live-contract';
import type { Db } from '../db/client';
import type { Announcement, PostAnnouncement } from './announcements';
import { liveMemberPairs, visiblePairs } from './audience';
import type { LiveStream } from './stream';

/** A pull about the device's own account is not spread; one for many devices is (LIVE_SPREAD_PER_STREAM_MS). */
type PullKind = 'none' | 'shared' | 'personal';
type Outgoing = { counts: Map<number, LiveCount>; newPosts: Set<number>; pull: PullKind };
/** A post's announcements of the window folded: its latest counters, whether it is new, its counters moved, or it otherwise changed. */
type PostFold = { last: PostAnnouncement; isNew: boolean; counted: boolean; changed: boolean };

export type Window = { announcements: Announcement[]; reconnected: boolean };

class Mail {
  readonly out = new Map<LiveStream, Outgoing>();

  private of(stream: LiveStream): Outgoing {
    let entry = this.out.get(stream);
    if (entry === undefined) this.out.set(stream, (entry = { counts: new Map(), newPosts: new Set(), pull: 'none' }));
    return entry;
  }

  counts(stream: LiveStream, post: PostAnnouncement): void {
    this.of(stream).counts.set(post.postId, [post.postId, post.prayedCount, post.commentCount]);
  }

  newPost(stream: LiveStream, postId: number): void {
    this.of(stream).newPosts.add(postId);
  }

  pull(stream: LiveStream, kind: 'shared' | 'personal'): void {
    const entry = this.of(stream);
    if (entry.pull !== 'personal') entry.pull = kind;
  }

  /** The pokes, with the window's spread given to the shared pulls. */
  pokes(): [LiveStream, LivePoke][] {
    let shared = 0;
    for (const entry of this.out.values()) if (entry.pull === 'shared') shared += 1;
    const spread = Math.min(LIVE_MAX_SPREAD_MS, shared * LIVE_SPREAD_PER_STREAM_MS);
    const pokes: [LiveStream, LivePoke][] = [];
    for (const [stream, entry] of this.out) {
      const poke: LivePoke = {};
      if (entry.counts.size > 0) poke.counts = [...entry.counts.values()];
      if (entry.newPosts.size > 0) poke.new_posts = [...entry.newPosts];
      if (entry.pull !== 'none') poke.pull = entry.pull === 'personal' ? 0 : spread;
      if (Object.keys(poke).length > 0) pokes.push([stream, poke]);
    }
    return pokes;
  }
}

function foldPosts(announcements: Announcement[]): Map<number, PostFold> {
  const folded = new Map<number, PostFold>();
  for (const a of announcements) {
    if (a.kind !== 'post') continue;
    const prior = folded.get(a.postId);
    folded.set(a.postId, {
      last: a,
      isNew: (prior?.isNew ?? false) || a.isNew,
      counted: (prior?.counted ?? false) || a.countsOnly,
      changed: (prior?.changed ?? false) || (!a.countsOnly && !a.isNew),
    });
  }
  return folded;
}

function indexBy<K>(streams: LiveStream[], key: (s: LiveStream) => K): Map<K, LiveStream[]> {
  const index = new Map<K, LiveStream[]>();
  for (const stream of streams) {
    const list = index.get(key(stream));
    if (list === undefined) index.set(key(stream), [stream]);
    else list.push(stream);
  }
  return index;
}

/** The pokes of one window for the open streams; asks the database who may see what (two statements at most). */
export async function routeWindow(db: Db, window: Window, streams: LiveStream[]): Promise<[LiveStream, LivePoke][]> {
  const mail = new Mail();
  if (window.reconnected) for (const stream of streams) mail.pull(stream, 'shared');
  const byChannel = indexBy(streams, (s) => s.owner.channelId);
  const byUser = indexBy(streams, (s) => s.owner.userId);
  const posts = foldPosts(window.announcements);
  const shown = [...posts.values()].filter((p) => !p.changed);
  const changedGroups = [...posts.values()].filter((p) => p.changed && p.last.groupId !== null).map((p) => p.last.groupId ?? 0);
  const groups = [...new Set([...changedGroups, ...window.announcements.flatMap((a) => (a.kind === 'group' ? [a.groupId] : []))])];
  const users = [...byUser.keys()];
  const [visible, members] = await Promise.all([
    visiblePairs(db, shown.map((p) => p.last.postId), [...new Set(shown.flatMap((p) => (byChannel.get(p.last.channelId) ?? []).map((s) => s.owner.userId)))]),
    liveMemberPairs(db, groups, users),
  ]);
  for (const { last, isNew, counted, changed } of posts.values()) {
    const inChannel = byChannel.get(last.channelId) ?? [];
    if (changed) {
      for (const stream of inChannel) {
        if (last.groupId === null || members.has(`${String(stream.owner.userId)}:${String(last.groupId)}`)) mail.pull(stream, 'shared');
      }
      if (last.groupId === null) for (const stream of byUser.get(last.authorId) ?? []) mail.pull(stream, 'personal');
      continue;
    }
    for (const stream of inChannel) {
      if (!visible.has(`${String(stream.owner.userId)}:${String(last.postId)}`)) continue;
      // A post new in this window and prayed for in it too: new_posts and its counts together.
      if (counted) mail.counts(stream, last);
      if (!isNew) continue;
      if (stream.owner.userId === last.authorId) mail.pull(stream, 'personal');
      else mail.newPost(stream, last.postId);
    }
  }
  for (const a of window.announcements) {
    if (a.kind === 'user') for (const stream of byUser.get(a.userId) ?? []) mail.pull(stream, 'personal');
    if (a.kind === 'account') {
      for (const stream of byUser.get(a.userId) ?? []) if (stream.owner.tokenId !== a.tokenId) mail.pull(stream, 'personal');
    }
    if (a.kind === 'group') {
      for (const stream of streams) if (members.has(`${String(stream.owner.userId)}:${String(a.groupId)}`)) mail.pull(stream, 'shared');
    }
  }
  return mail.pokes();
}

/** The streams a window's session ends close (bye 'revoked'). */
export function endedStreams(window: Window, streams: Iterable<LiveStream>): LiveStream[] {
  const tokens = new Set<number>();
  const users = new Set<number>();
  for (const a of window.announcements) {
    if (a.kind !== 'session-end') continue;
    if (a.tokenId !== null) tokens.add(a.tokenId);
    if (a.userId !== null) users.add(a.userId);
  }
  if (tokens.size === 0 && users.size === 0) return [];
  return [...streams].filter((s) => tokens.has(s.owner.tokenId) || users.has(s.owner.userId));
}
