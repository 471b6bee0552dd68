// Request schemas of a request's updates (issue #28 item 3; docs/api.md 'Updates of a request').
// The text is trimmed first, 1-500 characters (docs/product.md §5), as the other texts of posts.
import { z } from 'zod';
import { TEXT_LIMITS } from '../../common/constants';
import { idParam } from './schemas';

export const postUpdateSchema = z.object({
  text: z.string({ message: 'Write the update' }).trim()
    .min(1, 'Write the update')
    .max(TEXT_LIMITS.update, `Keep it under ${TEXT_LIMITS.update} characters`)
    .refine((s) => !s.includes('\u0000'), { message: 'Remove the invalid character (U+0000)', params: { code: 'validation.nul' } }),
});

export const postUpdateParams = z.object({ id: idParam, updateId: idParam });
