// Request schemas of /api/v1 (zod at the edge, docs/architecture/server.md 'Reference server').
// Objects strip unknown fields. Limits come from docs/product.md §10; messages are what the forms
// show.
import { z } from 'zod';
import { CHANNELS, FEED_TYPES, POST_KINDS } from '../../common/contract';
import { TEXT_LIMITS } from '../../common/constants';

const CHANNEL_MESSAGE = `channel_id must be one of ${CHANNELS.map((c) => c.id).join(', ')}`;
const channelId = z.coerce.number({ message: CHANNEL_MESSAGE })
  .pipe(z.union(CHANNELS.map((c) => z.literal(c.id)), { message: CHANNEL_MESSAGE }));
const language = z.string().trim().min(2).max(10);
export const idParam = z.coerce.number({ message: 'id must be a number' }).int().positive().max(2_147_483_647);
export const flag = z.union([z.boolean(), z.enum(['1', '0', 'true', 'false', ''])]).transform((v) => v === true || v === '1' || v === 'true');

export const guestLoginSchema = z.object({
  guest_token: z.string().min(1).max(200).optional(),
  channel_id: channelId.optional(),
  language: language.optional(),
});

export const registerSchema = z.object({
  name: z.string({ message: 'Enter your name' }).trim().min(1, 'Enter your name').max(100, 'Keep your name under 100 characters'),
  email: z.string({ message: 'Enter your email' }).trim().pipe(z.email('Enter a valid email address').max(254)),
  password: z.string({ message: 'Enter a password' }).min(8, 'Use at least 8 characters').max(200, 'Use at most 200 characters'),
  channel_id: channelId.optional(),
  language: language.optional(),
});

export const loginSchema = z.object({
  email: z.string({ message: 'Enter your email' }).trim().min(1, 'Enter your email').max(254),
  password: z.string({ message: 'Enter your password' }).min(1, 'Enter your password').max(200),
});

export const createPostSchema = z.object({
  text: z.string({ message: 'Write your prayer' }).trim()
    .min(1, 'Write your prayer')
    .max(TEXT_LIMITS.request, `Keep it under ${TEXT_LIMITS.request} characters`),
  type: z.enum(POST_KINDS, { message: 'type must be REQUEST or THANK' }),
  is_anonymous: z.boolean().optional().default(false),
  channel_id: channelId.optional(),
  /** Issue #28: post into a group the author belongs to (docs/product.md §11); absent: the community. */
  group_id: idParam.optional(),
});

const since = z.iso.datetime({ offset: true, message: 'since must be an ISO date-time' }).transform((s) => new Date(s));

export const feedQuerySchema = z.object({
  type: z.enum(FEED_TYPES, { message: `type must be one of ${FEED_TYPES.join(', ')}` }).optional(),
  search: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  since: since.optional(),
  new: flag.optional().default(false),
  loadMore: idParam.optional(),
});

export const newCountQuerySchema = z.object({ since });

export const postIdParams = z.object({ id: idParam });
