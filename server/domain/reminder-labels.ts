// What a reminder names, read when it is shown or sent, never the copy made when it was set (issue
// #49, privacy: a reminder kept quoting a group's words after its owner left or was removed, or
// the group was deleted). The words come through the one visibility rule for the reminder's owner
// (post-view.ts visibleTo, list-view.ts itemVisibleTo / listVisibleTo, group-visibility.ts), asked
// at that moment; when the rule says no, the label is a neutral sentence in the owner's language
// (push-texts.ts, like the built-in sessions' names). GET reminders, the pull's `reminders`
// section, the data download, a sent reminder in GET notifications and its push all read it here.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { listItems, lists } from '../db/schema/lists';
import { posts } from '../db/schema/posts';
import { reminders } from '../db/schema/reminders';
import { users } from '../db/schema/users';
import { hiddenReminderLabel, sessionLabel } from '../push/push-texts';
import { itemVisibleTo, listVisibleTo } from './list-view';
import { visibleTo } from './post-view';
import { qualified } from './qualified-column';

/** Characters of a post's or item's text a label keeps. */
export const REMINDER_LABEL_CHARS = 80;

/** The start of a post's or item's text, as a label shows it. */
export const excerpt = (text: string) => text.trim().slice(0, REMINDER_LABEL_CHARS);

const q = qualified;

/**
 * Over a query with `reminders` in scope: the words the reminder's owner may read now (the post's
 * text, the item's title or text, the list's name), or null when the rule hides them. A built-in
 * session names nothing of anyone's: null too (its name is the owner's language's, below).
 */
export function reminderSubject(): SQL<string | null> {
  const owner = q(reminders.userId);
  return sql<string | null>`case
    when ${q(reminders.targetKind)} = 'post' then (select ${q(posts.text)} from ${posts}
      where ${q(posts.id)} = ${q(reminders.postId)} and ${visibleTo(owner)})
    when ${q(reminders.targetKind)} = 'item' then (select coalesce(${q(listItems.title)}, ${q(listItems.text)}) from ${listItems}
      inner join ${lists} on ${q(lists.id)} = ${q(listItems.postListId)}
      where ${q(listItems.id)} = ${q(reminders.listItemId)} and ${itemVisibleTo(owner)})
    when ${q(reminders.sessionSource)} = 'list' then (select ${q(lists.name)} from ${lists}
      where ${q(lists.id)} = ${q(reminders.listId)} and ${listVisibleTo(owner)})
    end`;
}

/** The owner's language, over a query with `reminders` in scope. */
export function reminderOwnerLanguage(): SQL<string> {
  return sql<string>`(select ${q(users.language)} from ${users} where ${q(users.id)} = ${q(reminders.userId)})`;
}

export type LabelInput = {
  targetKind: 'session' | 'post' | 'item';
  sessionSource: 'quick' | 'biblical' | 'bookmarks' | 'my-prayers' | 'list' | null;
  subject: string | null;
  language: string | null;
};

/** The label as shown: the visible words, a built-in session's name, or the neutral sentence. */
export function reminderLabel(row: LabelInput): string {
  const language = row.language ?? 'en';
  if (row.targetKind === 'session' && row.sessionSource !== 'list' && row.sessionSource !== null) return sessionLabel(row.sessionSource, language);
  if (row.subject === null) return hiddenReminderLabel(row.targetKind, language);
  return row.targetKind === 'session' ? row.subject : excerpt(row.subject);
}

/** The labels of some reminders, by id, read now (the scheduler's push, a sent reminder's notification). */
export async function reminderLabels(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({
    id: reminders.id, targetKind: reminders.targetKind, sessionSource: reminders.sessionSource,
    subject: reminderSubject(), language: reminderOwnerLanguage(),
  }).from(reminders).where(sql`${reminders.id} in ${ids}`);
  return new Map(rows.map((row) => [row.id, reminderLabel(row)]));
}
