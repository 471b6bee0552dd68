// The one local database (docs/architecture/local-store.md 'Local database'). Versions are
// append-only: never edit a version() below; a schema change is a new version(n) with an upgrade().
// Only src/commands, src/state, the read functions of src/db and worker/ use this module; screens
// go through queries.ts.
import { Dexie, type EntityTable, type Table } from 'dexie';
import type { NewOutboxEntry, OutboxEntry } from './outbox-types';
import type { MetaKey, MetaRow } from './meta-types';
import type { NotificationRow } from './notification-types';
import type { ReminderRow } from './reminder-types';
import type { DraftRow } from './draft-types';
import type { GroupRow } from './group-types';
import { postIndexFields, setPostIndexFields } from './feed-key';
import { outboxIndexFields } from './outbox-index';
import { guardStartSnapshot } from './start-snapshot-guard';
import { countsAfter, queueCountsMiddleware } from './queue-counts';
import { EMPTY_POST_LOCAL, type CommentRow, type FailedMutation, type ItemCommentRow, type ItemNoteRow, type ListItemRow, type ListRow, type NoteRow, type PostRow, type UserRow } from './types';

export const DB_NAME = 'prayer';

export class AppDb extends Dexie {
  // `declare`, not a field: a class field would be initialised to undefined after super() and
  // hide the tables Dexie defines on the instance.
  declare posts: EntityTable<PostRow, 'id'>;
  declare lists: EntityTable<ListRow, 'id'>;
  declare listItems: EntityTable<ListItemRow, 'id'>;
  declare comments: EntityTable<CommentRow, 'id'>;
  declare notes: EntityTable<NoteRow, 'id'>;
  declare users: EntityTable<UserRow, 'id'>;
  declare outbox: Table<OutboxEntry, number, NewOutboxEntry>;
  declare meta: Table<MetaRow, MetaKey>;
  declare failed: EntityTable<FailedMutation, 'id'>;
  declare itemComments: EntityTable<ItemCommentRow, 'id'>;
  declare itemNotes: EntityTable<ItemNoteRow, 'id'>;
  declare notifications: EntityTable<NotificationRow, 'id'>;
  declare reminders: EntityTable<ReminderRow, 'id'>;
  declare drafts: EntityTable<DraftRow, 'key'>;
  declare groups: EntityTable<GroupRow, 'id'>;

  constructor(name: string = DB_NAME) {
    super(name);
    this.version(1).stores({
      // The feed reads one channel newest first: [channel_id+createdAtMs] serves it as a range.
      posts: 'id, [channel_id+createdAtMs], user_id',
      lists: 'id, key, user_id',
      listItems: 'id, post_list_id',
      comments: 'id, post_id',
      notes: 'id, post_id',
      users: 'id, username',
      // seq is the drain order; key is unique so one mutation can never be queued twice.
      outbox: '++seq, &key, op',
      meta: 'key',
      failed: '++id, failedAt',
    });
    // Version 2 (sync engine: posts): no index changes. Rows of version 1 get the new fields of
    // local intent, and outbox entries an account tag: null, sent with whoever is signed in.
    this.version(2)
      .stores({})
      .upgrade(async (tx) => {
        await tx.table<PostRow, number>('posts').toCollection().modify((row) => {
          row.local = { ...EMPTY_POST_LOCAL, ...row.local };
        });
        await tx.table<OutboxEntry, number>('outbox').toCollection().modify((entry) => {
          entry.accountId ??= null;
        });
      });
    // Version 3 (sync engine: lists): comments and notes of list items get their own tables (their
    // rows name list_item_id, not post_id). Nothing wrote lists or listItems before, so no upgrade().
    this.version(3).stores({ itemComments: 'id, list_item_id', itemNotes: 'id, list_item_id' });
    // Version 4 (notifications, issue #6): the in-app notifications pulled for the signed-in
    // account (src/model/notification-types.ts). A new table: nothing to upgrade.
    this.version(4).stores({ notifications: 'id, viewerId' });
    // Version 5 (issue #10, reads that do not grow with the store): posts get `feed`, the key the
    // community feed reads instead of rows, and `mine` / `bookmarked` (src/model/feed-key.ts); the outbox is indexed by account
    // (ordered by seq within one), by the rows and ids its entries touch, and by op and account
    // (src/model/outbox-index.ts). The hooks below fill the fields; the upgrade fills existing rows.
    this.version(5)
      .stores({
        posts: 'id, [channel_id+createdAtMs], user_id, feed, mine, bookmarked',
        outbox: '++seq, &key, op, acct, *rowKeys, *ids, [op+acct]',
      })
      .upgrade(async (tx) => {
        await tx.table<PostRow, number>('posts').toCollection().modify((row) => {
          setPostIndexFields(row);
        });
        await tx.table<OutboxEntry, number>('outbox').toCollection().modify((entry) => {
          Object.assign(entry, outboxIndexFields(entry));
        });
      });
    // Version 6 (issue #13 point 2): prayer reminders of the signed-in account, keyed by their
    // device-made UUID (src/model/reminder-types.ts). A new table: nothing to upgrade.
    this.version(6).stores({ reminders: 'id, accountId' });
    // Version 7 (issue #26 point 1): unsent drafts, one per account and form (src/model/draft-types.ts).
    // Not in writeTables(): no command touches them, so typing never waits on a command's transaction.
    this.version(7).stores({ drafts: 'key, accountId' });
    // Version 8 (issue #26 point 6, Undo): the outbox is indexed by `holdUntil`, the end of an
    // entry's undo window (src/commands/undo.ts). Existing entries have none: nothing to upgrade.
    this.version(8).stores({ outbox: '++seq, &key, op, acct, *rowKeys, *ids, [op+acct], holdUntil' });
    // Version 9 (issue #28 item 5): the account's prayer groups (src/model/group-types.ts); posts are
    // indexed by `group_id` (a group's posts go with it) and by `groupFeed`, a group's feed in feed
    // order (src/model/feed-key.ts). Community posts have neither. Only group posts need the field.
    this.version(9)
      .stores({ posts: 'id, [channel_id+createdAtMs], user_id, feed, mine, bookmarked, group_id, groupFeed', groups: 'id' })
      .upgrade(async (tx) => {
        await tx.table<PostRow, number>('posts').where('group_id').above(0).modify((row) => {
          setPostIndexFields(row);
        });
      });
    // Version 10 (issue #25): posts by `noteCount`, so the pull's complete notes counts reach the
    // posts whose count fell to 0 without a scan of every held post (worker/sync-apply.ts).
    this.version(10).stores({ posts: 'id, [channel_id+createdAtMs], user_id, feed, mine, bookmarked, group_id, groupFeed, noteCount' });
    // Version 11 (issue #28 item 4): lists by `group_id`, so a group's lists show on its page and go
    // with it (src/model/kinds.ts). A person's own list has none (not in the index): nothing to upgrade.
    this.version(11).stores({ lists: 'id, key, user_id, group_id' });
    // Version 12 (issue #25 point 2): the outbox's counts in a meta row, kept by every write of the
    // outbox (src/model/queue-counts.ts); counted once here from what is queued.
    this.version(12)
      .stores({})
      .upgrade(async (tx) => {
        const entries = await tx.table<OutboxEntry, number>('outbox').toArray();
        await tx.table<MetaRow, MetaKey>('meta').put({ key: 'queueCounts', value: { queueCounts: countsAfter({}, [], entries) } });
      });
    // Version 13 (issue #49 item 4): posts by `groupOthers`, [group id, createdAtMs] of the group posts by
    // others that the group's feed shows (src/model/feed-key.ts): each group's unread count is a range of it
    // (src/db/group-unread-reads.ts). Unread counts start now: what is older never counts, so the posts
    // held need no field, and nothing reads as unread the day the count arrives.
    this.version(13)
      .stores({ posts: 'id, [channel_id+createdAtMs], user_id, feed, mine, bookmarked, group_id, groupFeed, noteCount, groupOthers' })
      .upgrade((tx) => tx.table<MetaRow, MetaKey>('meta').put({ key: 'groupsSeen', value: { groupsSeen: { viewer: null, marks: {}, from: Date.now() } } }));
    this.use(queueCountsMiddleware('outbox', 'meta'));
    this.keepDerivedFields();
  }

  /**
   * The derived index fields are recomputed on every write, whoever writes (commands, the sync
   * worker, the service worker, tests): a creating hook sets them, an updating hook returns them
   * as extra modifications of the same write.
   */
  private keepDerivedFields(): void {
    this.posts.hook('creating', (_key, row) => {
      setPostIndexFields(row);
    });
    // An absent value in the returned changes removes the field (and the row from that index).
    this.posts.hook('updating', (changes, _key, row) => postIndexFields(withChanges(row, changes)));
    this.outbox.hook('creating', (_key, entry) => {
      Object.assign(entry, outboxIndexFields(entry));
    });
    this.outbox.hook('updating', (changes, _key, entry) => {
      const touched = Object.keys(changes).some((path) => path === 'accountId' || path === 'target' || path.startsWith('target.'));
      return touched ? outboxIndexFields(withChanges(entry, changes)) : undefined;
    });
  }
}

/** The object an update will write: a copy of `row` with Dexie's key-path changes applied. */
function withChanges<T extends object>(row: T, changes: object): T {
  const next = Dexie.deepClone(row);
  for (const [path, value] of Object.entries(changes)) Dexie.setByKeyPath(next, path, value);
  return next;
}

export const db = new AppDb();
// Issue #25: a write in any context forgets the start snapshot (src/model/start-snapshot-guard.ts).
guardStartSnapshot();

/**
 * Every table a mutation may touch. Commands, acks, refusals and pulls take all of them in one
 * rw transaction: the optimistic change, the outbox and the rebase must commit together.
 */
export function writeTables(): Table[] {
  return [
    db.posts, db.lists, db.listItems, db.comments, db.notes, db.users, db.outbox, db.meta, db.failed, db.itemComments, db.itemNotes,
    db.notifications, db.reminders, db.groups,
  ];
}

/** Empties every table (logout, tests), drafts too: a shared device keeps no one's words. The schema stays. */
export async function clearAllTables(): Promise<void> {
  const tables = [...writeTables(), db.drafts];
  await db.transaction('rw', tables, async () => {
    await Promise.all(tables.map((table) => table.clear()));
  });
}
