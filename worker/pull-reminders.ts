// Prayer reminders (issue #13 point 2): GET reminders into the local `reminders` table, with this
// device's waiting changes re-applied on top (src/model/reminder-rows.ts), so a pull never
// undoes a reminder set offline. Pulled when the reminders screen opens and after a sign-in; only
// for a signed-in account (member or guest): an anonymous call would be a 401 for nothing.
import { SYNC_LOCK } from '../common/constants';
import type { RemindersResponse } from '../common/reminders-contract';
import { replaceServerReminders } from '../src/model/reminder-rows';
import { db, writeTables } from '../src/model/db';
import { getAuth, viewerId } from '../src/model/meta';
import type { ApiClient } from './api-client';
import type { PullResult } from './api-types';
import { withLock } from './locks';

const NO_SESSION = { status: 401, message: 'Sign in to see your reminders' };

/** Fetch and write under SYNC_LOCK, so no ack of a reminder entry lands between them. */
export async function pullReminders(api: ApiClient): Promise<PullResult> {
  const viewer = viewerId(await getAuth());
  if (viewer === null) return { ok: false, error: NO_SESSION };
  return withLock(SYNC_LOCK, async () => {
    const result = await api.call<RemindersResponse>({ path: 'reminders' });
    if (!result.ok) return { ok: false, error: result.error };
    const reminders = result.data;
    await db.transaction('rw', writeTables(), async () => {
      // The session may have changed while the call was out: rows are only stored for whoever asked.
      if (viewerId(await getAuth()) === viewer) await replaceServerReminders(reminders, viewer);
    });
    return { ok: true, currentPage: 1, lastPage: 1, total: reminders.length, count: reminders.length };
  });
}
