// Waiting for what happens after an answer or an event (a push sent, a live query's next value, a
// child process's line): look again every `stepMs` until `check` holds or `timeoutMs` has passed.
// It says whether `check` held; the test then asserts what it waited for, so a wait that runs out
// fails on the assertion with the test's own words (expectSoon asserts it at once).
import { expect } from 'vitest';

export async function waitUntil(check: () => boolean | Promise<boolean>, { timeoutMs = 5_000, stepMs = 20 } = {}): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, stepMs));
  }
}

/** Waits as waitUntil does (1 s at the most by default, looking every 10 ms), then asserts that `check` held. */
export async function expectSoon(check: () => boolean | Promise<boolean>, { timeoutMs = 1_000, stepMs = 10 } = {}): Promise<void> {
  expect(await waitUntil(check, { timeoutMs, stepMs }), 'the awaited condition never held').toBe(true);
}
