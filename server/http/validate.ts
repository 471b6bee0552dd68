// zod at the edge (DESIGN.md §6): unknown fields are stripped, failures become one 422 with a
// message per field, the shape the forms show (DESIGN.md §7).
import type { z } from 'zod';
import { fieldError, HttpError } from './errors';

export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length === 0 ? 'body' : issue.path.map(String).join('.');
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

/**
 * The path of the first string holding a NUL character. PostgreSQL text cannot store NUL (the
 * driver fails with a 500), so it is bad input, found by the fuzz test in search and path params.
 */
function nulField(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || 'body' : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, child] of Object.entries(value)) {
    // Keys too: a passthrough schema (PUT notifications/token) stores them in a jsonb column.
    if (key.includes('\u0000')) return [...path, key].join('.');
    const found = nulField(child, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) {
    // Checked on the parsed output, so a NUL in an unknown (stripped) field is ignored like the field.
    const field = nulField(result.data);
    if (field !== undefined) throw fieldError(field, 'Text must not contain NUL characters');
    return result.data;
  }
  const errors = fieldErrors(result.error);
  const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid';
  throw new HttpError(422, first, errors);
}
