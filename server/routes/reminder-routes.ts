// Prayer reminders (issue #13 point 2; docs/api.md 'Reminders'): GET reminders, PUT reminders/{id}
// (create or replace, the id a UUID made on the device) and DELETE reminders/{id}, for members and
// guests. The writes are mutation()s, so they take an Idempotency-Key and ride POST sync/push
// from the outbox like every other change.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Envelope } from '../../common/contract';
import type { ApiReminder, ReminderDeleteResponse, RemindersResponse } from '../../common/reminders-contract';
import { isTimeZone } from '../domain/reminder-schedule';
import { deleteReminder, listReminders, putReminder } from '../domain/reminders';
import { requireSession } from '../http/auth-context';
import { mutation } from '../http/mutation';
import { parseInput } from '../http/validate';
import type { RouteDeps } from './deps';

const reminderId = z.uuid({ message: 'id must be a UUID' }).transform((id) => id.toLowerCase());
const idSchema = z.object({ id: reminderId });
const recordId = z.number({ message: 'Must be a number' }).int().positive().max(2_147_483_647);

const sessionSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('quick') }),
  z.object({ kind: z.literal('biblical') }),
  z.object({ kind: z.literal('bookmarks') }),
  z.object({ kind: z.literal('my-prayers') }),
  z.object({ kind: z.literal('list'), list_id: recordId }),
], { message: 'source.kind must be quick, biblical, bookmarks, my-prayers or list' });

const target = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('session'), source: sessionSource }),
  z.object({ kind: z.literal('post'), post_id: recordId }),
  z.object({ kind: z.literal('item'), list_id: recordId, item_id: recordId }),
], { message: 'target.kind must be session, post or item' });

const reminderInputSchema = z.object({
  target,
  days: z.array(z.number().int().min(0, 'days are 0 (Sunday) to 6').max(6, 'days are 0 (Sunday) to 6'), { message: 'days must be a list of weekdays' })
    .min(1, 'Choose at least one day').max(7)
    .refine((days) => new Set(days).size === days.length, { message: 'days must not repeat' }),
  time: z.string({ message: 'time is required' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time must be HH:MM (24 h)'),
  time_zone: z.string({ message: 'time_zone is required' }).max(64)
    .refine(isTimeZone, { message: 'time_zone must be an IANA time zone' }),
  ends_on: z.iso.date({ message: 'ends_on must be a date (YYYY-MM-DD)' }).nullable(),
  enabled: z.boolean({ message: 'enabled must be true or false' }),
});

export function registerReminderRoutes(app: FastifyInstance, { db }: RouteDeps): void {
  app.get('/reminders', async (request): Promise<Envelope<RemindersResponse>> => {
    const session = await requireSession(db, request);
    return { data: await listReminders(db, session.user.id) };
  });

  app.put('/reminders/:id', mutation(db, async ({ tx, session, request }): Promise<{ data: ApiReminder }> => {
    const { id } = parseInput(idSchema, request.params);
    const input = parseInput(reminderInputSchema, request.body);
    return { data: await putReminder(tx, session.user, id, input) };
  }));

  app.delete('/reminders/:id', mutation(db, async ({ tx, session, request }): Promise<{ data: ReminderDeleteResponse }> => {
    const { id } = parseInput(idSchema, request.params);
    return { data: await deleteReminder(tx, session.user.id, id) };
  }));
}
