// Request schemas of Lists and List items (docs/product.md §7), zod at the edge
// (docs/architecture/server.md 'Reference server'). Limits from docs/product.md §10: list name 100;
// an item is a prayer, so its text has the request limit (2,000). Text is trimmed first; an empty
// optional text (description, title, reference) means none.
import { z } from 'zod';
import { LIST_VISIBILITIES, VISIBILITY } from '../../common/contract';
import { TEXT_LIMITS } from '../../common/constants';
import { idParam } from './schemas';

const tooLong = (limit: number) => `Keep it under ${limit} characters`;
/** Short texts beside a prayer: a Bible reference, a title. */
const REFERENCE_LIMIT = 100;
const TITLE_LIMIT = 200;

const flag = z.union([z.boolean(), z.enum(['1', '0', 'true', 'false', ''])]).transform((v) => v === true || v === '1' || v === 'true');
const page = z.coerce.number({ message: 'page must be a number' }).int().min(1).max(100_000).optional().default(1);
const search = z.string({ message: 'search must be text' }).max(200, tooLong(200)).optional();

const listName = z.string({ message: 'Give your list a name' }).trim()
  .min(1, 'Give your list a name')
  .max(TEXT_LIMITS.listName, tooLong(TEXT_LIMITS.listName));

const optionalText = (limit: number, label: string) => z.string({ message: `${label} must be text` }).trim()
  .max(limit, tooLong(limit))
  .nullable()
  .transform((v) => (v === null || v === '' ? null : v));

const VISIBILITY_MESSAGE = `visibility must be one of ${LIST_VISIBILITIES.join(', ')} (or ${VISIBILITY.PUBLIC}, ${VISIBILITY.PRIVATE})`;
/** docs/product.md §3 visibility levels: a list is PUBLIC (0) or PRIVATE (2); the name or the number is accepted. */
const listVisibility = z.union([
  z.enum(LIST_VISIBILITIES).transform((name) => VISIBILITY[name]),
  z.literal(VISIBILITY.PUBLIC),
  z.literal(VISIBILITY.PRIVATE),
], { message: VISIBILITY_MESSAGE });

export const createListSchema = z.object({
  name: listName,
  description: optionalText(TEXT_LIMITS.request, 'description').optional().transform((v) => v ?? null),
  visibility: listVisibility.optional().default(VISIBILITY.PRIVATE),
  // Issue #28 item 4: the group the list is made in (docs/api.md 'Prayer groups').
  group_id: idParam.optional(),
});

export const updateListSchema = z.object({
  name: listName.optional(),
  description: optionalText(TEXT_LIMITS.request, 'description').optional(),
  visibility: listVisibility.optional(),
}).refine((b) => b.name !== undefined || b.description !== undefined || b.visibility !== undefined, {
  message: 'Send name, description or visibility to change', path: ['body'],
});

const itemText = z.string({ message: 'Write your prayer' }).trim()
  .min(1, 'Write your prayer')
  .max(TEXT_LIMITS.request, tooLong(TEXT_LIMITS.request));

/** text is required unless post_id names a post, whose text is then the default. */
export const createItemSchema = z.object({
  text: itemText.optional(),
  title: optionalText(TITLE_LIMIT, 'title').optional().transform((v) => v ?? null),
  reference: optionalText(REFERENCE_LIMIT, 'reference').optional().transform((v) => v ?? null),
  post_id: idParam.optional(),
}).refine((b) => b.text !== undefined || b.post_id !== undefined, { message: 'Write your prayer', path: ['text'], params: { code: 'validation.required' } });

export const updateItemSchema = z.object({
  text: itemText.optional(),
  title: optionalText(TITLE_LIMIT, 'title').optional(),
  reference: optionalText(REFERENCE_LIMIT, 'reference').optional(),
}).refine((b) => b.text !== undefined || b.title !== undefined || b.reference !== undefined, {
  message: 'Send text, title or reference to change', path: ['body'],
});

export const listQuerySchema = z.object({ search, page });
export const listDetailQuerySchema = z.object({ page, archived: flag.optional().default(false) });
export const pageOnlySchema = z.object({ page });

export const listParams = z.object({ listId: idParam });
export const itemParams = z.object({ listId: idParam, id: idParam });
export const itemNoteParams = z.object({ listId: idParam, id: idParam, nid: idParam });
export const itemCommentParams = z.object({ listId: idParam, id: idParam, cid: idParam });
