// Prayer reminders (issue #13 point 2; docs/api.md 'Reminders'). The first brief was silent on reminders,
// so this shape is the product's own. A reminder's id is made on the device (a UUID), so one set
// offline needs no temporary id: PUT reminders/{id} creates or replaces it, through the outbox
// like every other mutation (Idempotency-Key, POST sync/push).

/** What a session reminder opens: one of the sessions of '/session' (src/routes/-session-search.ts). */
export type ReminderSessionSource =
  | { kind: 'quick' }
  | { kind: 'biblical' }
  | { kind: 'bookmarks' }
  | { kind: 'my-prayers' }
  | { kind: 'list'; list_id: number };

/** What the reminder is for: a session, or "remind me to pray for this" on a post or list item. */
export type ReminderTarget =
  | { kind: 'session'; source: ReminderSessionSource }
  | { kind: 'post'; post_id: number }
  | { kind: 'item'; list_id: number; item_id: number };

/**
 * When it fires: on each of `days` (0 = Sunday … 6 = Saturday, at least one) at `time` ('HH:MM',
 * 24 h) in the IANA `time_zone` the device had when it was set; `ends_on` (a 'YYYY-MM-DD' local
 * date, inclusive) or null for no end. "Daily for N days" is all seven days and an end date;
 * "weekly" is one day and no end.
 */
export type ReminderSchedule = { days: number[]; time: string; time_zone: string; ends_on: string | null };

/** PUT reminders/{id} body. */
export type ReminderInput = ReminderSchedule & { target: ReminderTarget; enabled: boolean };

export type ApiReminder = ReminderInput & {
  id: string;
  /** What the reminder names: the list's or session's name, or the start of the post's or item's text. */
  label: string;
  /** The app address the reminder opens (a '/session?…', '/community/post/N' or '/lists/N/item/M'). */
  url: string;
  /** The next time it will be sent (ISO), or null when disabled or past its end. */
  next_at: string | null;
  created_at: string;
  updated_at: string;
};

/** GET reminders: the member's or guest's reminders, newest first. */
export type RemindersResponse = ApiReminder[];
/** DELETE reminders/{id}. */
export type ReminderDeleteResponse = { id: string };

/** Most reminders one account may hold. */
export const REMINDERS_MAX = 50;
/** Longest "daily for N days". */
export const REMINDER_MAX_DAYS = 365;
