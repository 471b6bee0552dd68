// Lets the browser run what is waiting (a tap, a paint, a network answer) before a long start goes
// on (issue #14 point 3): a start split into tasks at these points has no task long enough to
// block input (Lighthouse's Total Blocking Time counts each task's time past 50 ms).

type SchedulerLike = { yield?: () => Promise<void> };

/**
 * Resolves in a new task. scheduler.yield() (Chromium) resumes ahead of other queued work, so
 * the start takes no longer than before; elsewhere a zero-delay timer does.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: SchedulerLike }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
