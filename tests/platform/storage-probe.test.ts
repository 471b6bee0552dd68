// Issue #14 point 3: Web Storage is probed once per storage (src/platform/runtime.ts safeStorage):
// the app shell's notification offer asked for it on every render, and each probe wrote an item.
import { describe, expect, it } from 'vitest';
import { safeStorage } from '../../src/platform/runtime';

/** A Storage whose writes are counted; `broken` throws on every write (a full or blocked store). */
function countingStorage(broken = false): { storage: Storage; writes: () => number } {
  const values = new Map<string, string>();
  let writes = 0;
  const storage: Storage = {
    get length() { return values.size; },
    clear: () => values.clear(),
    key: (index) => [...values.keys()][index] ?? null,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      writes += 1;
      if (broken) throw new DOMException('blocked', 'SecurityError');
      values.set(key, value);
    },
    removeItem: (key) => void values.delete(key),
  };
  return { storage, writes: () => writes };
}

describe('safeStorage', () => {
  it('probes a storage once and then gives it as it is', () => {
    const { storage, writes } = countingStorage();
    expect(safeStorage(() => storage)).toBe(storage);
    expect(safeStorage(() => storage)).toBe(storage);
    expect(writes()).toBe(1);
    expect(storage.length).toBe(0);
  });

  it('stands in with one memory store for a storage that throws, which keeps what is written', () => {
    const { storage, writes } = countingStorage(true);
    const first = safeStorage(() => storage);
    expect(first).not.toBe(storage);
    first.setItem('k', 'v');
    expect(safeStorage(() => storage).getItem('k')).toBe('v');
    expect(writes()).toBe(1);
  });

  it('probes each storage on its own, and gives a memory store where there is none or access throws', () => {
    const a = countingStorage();
    const b = countingStorage();
    safeStorage(() => a.storage);
    safeStorage(() => b.storage);
    expect([a.writes(), b.writes()]).toEqual([1, 1]);
    expect(safeStorage(() => undefined).getItem('x')).toBeNull();
    expect(safeStorage(() => { throw new DOMException('denied', 'SecurityError'); }).getItem('x')).toBeNull();
  });
});
