// Keys close together (a pulled slice of posts, a settled run of acks) are read as one range of
// the primary key: one request for the span costs less than a request each (issue #25).

/** The smallest and largest of `keys` (not empty). */
export function spanOf(keys: readonly number[]): { lower: number; upper: number } {
  let lower = Number.POSITIVE_INFINITY;
  let upper = Number.NEGATIVE_INFINITY;
  for (const key of keys) {
    if (key < lower) lower = key;
    if (key > upper) upper = key;
  }
  return { lower, upper };
}

/**
 * At least `min` keys whose span is under `spread` times their number: the keys the span holds
 * besides them are few enough that one read of it is the cheaper.
 */
export function isDense(keys: readonly number[], spread: number, min = 2): boolean {
  if (keys.length < min) return false;
  const { lower, upper } = spanOf(keys);
  return upper - lower < spread * keys.length;
}
