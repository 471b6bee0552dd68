// Request schemas of the rest of Posts (docs/product.md §7): edit, answer, report, comments, notes, sessions.
// Limits from docs/product.md §10 (request 2,000, comment 1,000, note 5,000); text is trimmed first.
import { z } from 'zod';
import { POST_KINDS, REPORT_TYPES } from '../../common/contract';
import { TEXT_LIMITS } from '../../common/constants';
import { REPORT_DETAILS_LIMIT } from '../../common/hidden-people-contract';
import { idParam } from './schemas';

const tooLong = (limit: number) => `Keep it under ${limit} characters`;
// Postgres text cannot hold U+0000: without this check such input would fail in the database (500).
const NUL_MESSAGE = 'Remove the invalid character (U+0000)';
const hasNoNul = (s: string) => !s.includes('\u0000');

const requestText = z.string({ message: 'Write your prayer' }).trim()
  .min(1, 'Write your prayer')
  .max(TEXT_LIMITS.request, tooLong(TEXT_LIMITS.request))
  .refine(hasNoNul, { message: NUL_MESSAGE, params: { code: 'validation.nul' } });

/** PUT post/{id}: a partial edit, but an edit that names no known field is a mistake, not a no-op. */
export const updatePostSchema = z.object({
  text: requestText.optional(),
  type: z.enum(POST_KINDS, { message: 'type must be REQUEST or THANK' }).optional(),
  is_anonymous: z.boolean({ message: 'is_anonymous must be true or false' }).optional(),
}).refine((b) => b.text !== undefined || b.type !== undefined || b.is_anonymous !== undefined, {
  message: 'Send text, type or is_anonymous to change', path: ['body'],
});

/** POST post/answer: the testimony is optional (marking answered is enough); empty means none. */
export const answerPostSchema = z.object({
  post_id: idParam,
  answer_text: z.string({ message: 'answer_text must be text' }).trim()
    .max(TEXT_LIMITS.request, tooLong(TEXT_LIMITS.request))
    .refine(hasNoNul, { message: NUL_MESSAGE, params: { code: 'validation.nul' } })
    .nullable().optional()
    .transform((v) => (v === undefined || v === null || v === '' ? null : v)),
});

export const reportSchema = z.object({
  type: z.enum(REPORT_TYPES, { message: `type must be one of ${REPORT_TYPES.join(', ')}` }),
  // Issue #12: the reporter's own words, optional; blank is none (reports.details, 0008).
  details: z.string({ message: 'details must be text' }).trim()
    .max(REPORT_DETAILS_LIMIT, tooLong(REPORT_DETAILS_LIMIT))
    .refine(hasNoNul, { message: NUL_MESSAGE, params: { code: 'validation.nul' } })
    .nullable().optional()
    .transform((v) => (v === undefined || v === null || v === '' ? null : v)),
});

export const commentSchema = z.object({
  comment: z.string({ message: 'Write a comment' }).trim()
    .min(1, 'Write a comment')
    .max(TEXT_LIMITS.comment, tooLong(TEXT_LIMITS.comment))
    .refine(hasNoNul, { message: NUL_MESSAGE, params: { code: 'validation.nul' } }),
});

export const noteSchema = z.object({
  note: z.string({ message: 'Write a note' }).trim()
    .min(1, 'Write a note')
    .max(TEXT_LIMITS.note, tooLong(TEXT_LIMITS.note))
    .refine(hasNoNul, { message: NUL_MESSAGE, params: { code: 'validation.nul' } }),
});

export const pageQuerySchema = z.object({
  page: z.coerce.number({ message: 'page must be a number' }).int().min(1).max(100_000).optional().default(1),
});

export const commentParams = z.object({ id: idParam, cid: idParam });
export const noteParams = z.object({ id: idParam, nid: idParam });
