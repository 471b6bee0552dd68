// Request schemas of the accounts area (docs/product.md §7 Auth and User), zod at the edge
// (docs/architecture/server.md 'Reference server'): unknown fields are stripped, each failure is a
// 422 with a message per field.
import { z } from 'zod';
import { LOCALES, SESSION_ITEMS_QTD, USERNAME_PATTERN } from '../../common/account-contract';
import { CHANNELS } from '../../common/contract';
import { IMAGE_FILE_PATTERN } from '../domain/images';

const MAX_INT = 2_147_483_647;
const CHANNEL_MESSAGE = `channel_id must be one of ${CHANNELS.map((c) => c.id).join(', ')}`;

const email = z.string({ message: 'Enter your email' }).trim().pipe(z.email('Enter a valid email address').max(254));
const newPassword = z.string({ message: 'Enter a password' }).min(8, 'Use at least 8 characters').max(200, 'Use at most 200 characters');
const userId = z.coerce.number({ message: 'user_id must be a number' }).int().positive().max(MAX_INT);
const isoTime = z.iso.datetime({ offset: true, message: 'Use an ISO date-time' }).transform((s) => new Date(s));

export const emailSchema = z.object({ email });

export const resetPasswordSchema = z.object({
  token: z.string({ message: 'The reset link is missing its token' }).min(1).max(200),
  password: newPassword,
});

export const localeSchema = z.object({
  locale: z.enum(LOCALES, { message: `locale must be one of ${LOCALES.join(', ')}` }),
});

export const channelSchema = z.object({
  channel_id: z.coerce.number({ message: CHANNEL_MESSAGE })
    .pipe(z.union(CHANNELS.map((c) => z.literal(c.id)), { message: CHANNEL_MESSAGE })),
});

const QTD_MESSAGE = `qtd must be a whole number from ${SESSION_ITEMS_QTD.min} to ${SESSION_ITEMS_QTD.max}`;
const itemsQtd = z.coerce.number({ message: QTD_MESSAGE }).int(QTD_MESSAGE).min(SESSION_ITEMS_QTD.min, QTD_MESSAGE).max(SESSION_ITEMS_QTD.max, QTD_MESSAGE);

export const sessionItemsQtdSchema = z.object({ qtd: itemsQtd });

export const passwordChangeSchema = z.object({
  current_password: z.string().max(200).optional(),
  password: newPassword,
});

const USERNAME_MESSAGE = 'Use 3 to 30 characters: a-z, 0-9, _ or ., with at least one letter';

export const profileSchema = z.object({
  name: z.string().trim().min(1, 'Enter your name').max(100, 'Keep your name under 100 characters').optional(),
  // An empty nickname clears it.
  nickname: z.string().trim().max(50, 'Keep your nickname under 50 characters').nullable().optional()
    .transform((v) => (v === '' ? null : v)),
  username: z.string().trim().toLowerCase().regex(USERNAME_PATTERN, USERNAME_MESSAGE).optional(),
  email: email.optional(),
  img_show: z.boolean({ message: 'img_show must be true or false' }).optional(),
  current_password: z.string().max(200).optional(),
});

export const todaySessionSchema = z.object({ items_qtd: itemsQtd.optional() });

export const sessionFinishedSchema = z.object({
  session_id: z.coerce.number({ message: 'session_id must be a number' }).int().positive().max(MAX_INT).optional(),
  items_prayed: z.coerce.number({ message: 'items_prayed must be a number' }).int().min(0).max(1000),
  duration_seconds: z.coerce.number({ message: 'duration_seconds must be a number' }).int().min(0).max(86_400),
  /** When the session ended, for a session recorded offline and sent later (default: now). */
  finished_at: isoTime.optional(),
});

/** The push token plus extra fields (docs/product.md §3 push registration payload); extras are kept as sent. */
export const pushTokenSchema = z.looseObject({
  token: z.string({ message: 'token is required' }).trim().min(1, 'token is required').max(4096),
  platform: z.string().trim().max(50).optional(),
});

export const profileParams = z.object({ id: z.string().trim().min(1).max(60) });
export const photoParams = z.object({
  userId: userId,
  file: z.string().regex(IMAGE_FILE_PATTERN),
});
export const providerParams = z.object({ provider: z.string().max(40) });

export const callbackQuery = z.object({
  code: z.string({ message: 'The sign-in answer has no code' }).min(1).max(4096),
  state: z.string({ message: 'The sign-in answer has no state' }).min(1).max(4096),
});

const guid = z.uuid({ message: 'guid must be a UUID' });
const hash = z.string().min(1).max(200);

export const deleteConfirmSchema = z.object({ guid, user_id: userId, hash, code: z.string().min(1).max(200) });
export const downloadParams = z.object({
  guid,
  time: z.coerce.number({ message: 'time must be a number' }).int().positive().max(MAX_INT * 2),
  user_id: userId,
  hash,
});
