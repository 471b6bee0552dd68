// zod at the edge (DESIGN.md §6): unknown fields are stripped, failures become one 422 with a
// message per field, the shape the forms show (DESIGN.md §7).
import type { z } from 'zod';
import { HttpError } from './errors';

export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length === 0 ? 'body' : issue.path.map(String).join('.');
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const errors = fieldErrors(result.error);
  const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid';
  throw new HttpError(422, first, errors);
}
