// Route param validation (docs/product.md §2): an id that is not a positive integer fails route validation,
// which is a page-not-found (notFound() renders the not-found page), never a request.
import { notFound } from '@tanstack/react-router';

/** '42' -> 42; anything else ('abc', '0', '-1', '1.5', '01x') throws notFound(). */
export function parseIdParam(raw: string): number {
  if (!/^[1-9]\d{0,15}$/.test(raw)) throw notFound();
  const id = Number(raw);
  if (!Number.isSafeInteger(id)) throw notFound();
  return id;
}

