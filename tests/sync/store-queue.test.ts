// The read-ahead's stores (worker/store-queue.ts): in order, one at a time, at most one waiting
// behind the one running, and a failure ends the queue.
import { describe, expect, it } from 'vitest';
import { StoreQueue } from '../../worker/store-queue';

/** A store that runs until `finish` is called. */
function heldStore(log: string[], name: string) {
  let finish = (): void => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    run: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
    },
    finish: () => finish(),
  };
}

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('StoreQueue', () => {
  it('runs stores in order, one at a time, and lets a third wait for the first', async () => {
    const log: string[] = [];
    const queue = new StoreQueue();
    const [a, b, c] = [heldStore(log, 'a'), heldStore(log, 'b'), heldStore(log, 'c')];
    await queue.add(a.run);
    await queue.add(b.run);
    let cQueued = false;
    const addingC = queue.add(c.run).then(() => (cQueued = true));
    await tick();
    expect(log).toEqual(['start a']);
    expect(cQueued).toBe(false);
    a.finish();
    await addingC;
    await tick();
    expect(log).toEqual(['start a', 'end a', 'start b']);
    b.finish();
    c.finish();
    await queue.settled();
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('a failed store skips the ones behind it and is reported to the next add and to settled', async () => {
    const log: string[] = [];
    const queue = new StoreQueue();
    await queue.add(async () => {
      await tick();
      throw new Error('disk full');
    });
    await queue.add(async () => void log.push('after the failure'));
    await expect(queue.add(async () => void log.push('later'))).rejects.toThrow('disk full');
    await expect(queue.settled()).rejects.toThrow('disk full');
    expect(log).toEqual([]);
  });
});
