// worker/locks.ts where Web Locks are missing (Node, old engines): one holder at a time, in
// order, and a holder can tell that someone waits (a read-ahead chain lets go then).
import { describe, expect, it } from 'vitest';
import { hasLockWaiters, withLock } from '../../worker/locks';

describe('the in-context lock', () => {
  it('tells its holder when someone waits, and runs the waiter after it', async () => {
    const order: string[] = [];
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let seenAlone: boolean | undefined;
    const first = withLock('test-lock', async () => {
      seenAlone = await hasLockWaiters('test-lock');
      await held;
      order.push('first');
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const second = withLock('test-lock', async () => {
      order.push('second');
    });
    const seenWaiter = await hasLockWaiters('test-lock');
    release();
    await Promise.all([first, second]);
    expect(seenAlone).toBe(false);
    expect(seenWaiter).toBe(true);
    expect(order).toEqual(['first', 'second']);
    expect(await hasLockWaiters('test-lock')).toBe(false);
  });
});
