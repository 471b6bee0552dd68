// Issue #10 P1: the in-memory intents under the live queries (src/db/intents.ts). A tap counts
// from the moment it begins until a read made after its commit is on screen; a failed
// transaction drops it at once; a read that started before the commit never hides it.
import { describe, expect, it } from 'vitest';
import {
  beginIntent, committedUpTo, forgetReadIntents, intentState, settleIntent, unreadIntents, withIntent, type IntentKey,
} from '../../src/db/intents';

let nextPost = 1000;
const freshKey = (): IntentKey => `post:${nextPost++}`;

describe('intents', () => {
  it('counts a tap from its start, through its commit, until a read after the commit arrives', () => {
    const key = freshKey();
    const before = committedUpTo();
    const token = beginIntent(key);
    expect(unreadIntents(intentState(key), before)).toBe(1);
    settleIntent(key, token, true);
    const committed = intentState(key);
    expect(committed.lastCommit).toBeGreaterThan(before);
    // A read that started before the commit does not carry it: the tap still shows.
    expect(unreadIntents(committed, before)).toBe(1);
    forgetReadIntents(key, before);
    expect(intentState(key).intents).toHaveLength(1);
    // A read that started after the commit carries it: the intent is forgotten, the number kept.
    const after = committedUpTo();
    expect(unreadIntents(committed, after)).toBe(0);
    forgetReadIntents(key, after);
    expect(intentState(key)).toEqual({ intents: [], lastCommit: committed.lastCommit });
  });

  it('drops a tap whose transaction failed, at once and without a commit number', async () => {
    const key = freshKey();
    const failing = withIntent(key, () => Promise.reject(new Error('refused')));
    expect(unreadIntents(intentState(key), committedUpTo())).toBe(1);
    await expect(failing).rejects.toThrow('refused');
    expect(intentState(key)).toEqual({ intents: [], lastCommit: 0 });
  });

  it('keeps taps of other keys and later taps of the same key apart', async () => {
    const key = freshKey();
    const other = freshKey();
    await withIntent(key, () => Promise.resolve());
    const readAfterFirst = committedUpTo();
    const second = beginIntent(key);
    beginIntent(other);
    expect(unreadIntents(intentState(key), readAfterFirst)).toBe(1);
    forgetReadIntents(key, readAfterFirst);
    expect(intentState(key).intents.map((intent) => intent.token)).toEqual([second]);
    expect(intentState(other).intents).toHaveLength(1);
  });

  it('hands out a new state object on every change and the same one otherwise', () => {
    const key = freshKey();
    const empty = intentState(key);
    expect(intentState(key)).toBe(empty);
    beginIntent(key);
    const begun = intentState(key);
    expect(begun).not.toBe(empty);
    forgetReadIntents(key, committedUpTo());
    expect(intentState(key)).toBe(begun);
  });
});
