// zod at the edge (docs/architecture/server.md 'Reference server'): unknown fields are stripped,
// failures become one 422 with a message per field, the shape the forms show (docs/product.md §10),
// and a code per message (`fieldCodes`, issue #12) that the app translates.
import type { z } from 'zod';
import type { ErrorCode, FieldCode } from '../../common/error-codes';
import { isErrorCode } from '../../common/error-codes';
import { fieldError, HttpError } from './errors';

type Issue = z.core.$ZodIssue;

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function limit(value: number | bigint): number {
  return Number(value);
}

/** The code of one zod issue; a refinement may name its own (`params: { code }`). */
function fieldCodeOf(issue: Issue, input: unknown): FieldCode {
  switch (issue.code) {
    case 'invalid_type': {
      const missing = valueAt(input, issue.path) === undefined || valueAt(input, issue.path) === null;
      return { code: missing ? 'validation.required' : 'validation.invalid' };
    }
    case 'too_small': {
      if (issue.origin === 'string' || issue.origin === 'array') {
        return limit(issue.minimum) <= 1 ? { code: 'validation.required' } : { code: 'validation.too_short', params: { min: limit(issue.minimum) } };
      }
      return { code: 'validation.too_small', params: { min: limit(issue.minimum) } };
    }
    case 'too_big': {
      const max = limit(issue.maximum);
      return issue.origin === 'string' || issue.origin === 'array' ? { code: 'validation.too_long', params: { max } } : { code: 'validation.too_large', params: { max } };
    }
    case 'invalid_format':
      return { code: issue.format === 'email' ? 'validation.email' : 'validation.format' };
    case 'invalid_value':
    case 'invalid_union':
      return { code: 'validation.choice' };
    case 'custom': {
      const named: unknown = issue.params?.['code'];
      return { code: isErrorCode(named) ? named : 'validation.invalid' };
    }
    default:
      return { code: 'validation.invalid' };
  }
}

function fieldOf(issue: Issue): string {
  return issue.path.length === 0 ? 'body' : issue.path.map(String).join('.');
}

function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) (errors[fieldOf(issue)] ??= []).push(issue.message);
  return errors;
}

/** Parallel to fieldErrors: the code of each message, same fields, same order. */
function fieldCodes(error: z.ZodError, input: unknown): Record<string, FieldCode[]> {
  const codes: Record<string, FieldCode[]> = {};
  for (const issue of error.issues) (codes[fieldOf(issue)] ??= []).push(fieldCodeOf(issue, input));
  return codes;
}

/** The 422 of a failed zod parse: the first field's message and code on top, every field below. */
export function validationError(error: z.ZodError, input: unknown): HttpError {
  const errors = fieldErrors(error);
  const codes = fieldCodes(error, input);
  const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid';
  const firstCode: ErrorCode = Object.values(codes)[0]?.[0]?.code ?? 'validation.invalid';
  return new HttpError(422, first, errors, { code: firstCode, fieldCodes: codes });
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
    if (field !== undefined) throw fieldError(field, 'Text must not contain NUL characters', 'validation.nul');
    return result.data;
  }
  throw validationError(result.error, value ?? {});
}
