// Issue #26 point 1: unsent drafts in the local store (src/state/drafts.ts), per account and form,
// saved while typing at most DRAFT_SAVE_MS late, written at once on a flush, forgotten when sent or
// brought back to the form's start, never brought back by a save that was already waiting; and the
// "Discard this draft?" rule (src/components/use-draft.ts hasNewWords).
import { beforeEach, describe, expect, it } from 'vitest';
import { clearAllTables, db } from '../../src/model/db';
import { DraftKeeper, draftTarget, loadDraft, restoredFields, saveDraft } from '../../src/state/drafts';
import { readSpill, spillDraft } from '../../src/state/draft-spill';
import { memoryStore } from '../../src/platform/runtime';
import { hasNewWords } from '../../src/components/use-draft';

const MEMBER = 7;
const OTHER = 8;
const COMPOSER = draftTarget('post');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeEach(async () => {
  await clearAllTables();
});

describe('a DraftKeeper', () => {
  it('saves what is typed after its delay, for its account and form only', async () => {
    const keeper = new DraftKeeper(MEMBER, COMPOSER, { text: '', anonymous: false }, 20);
    keeper.change({ text: 'Pray for my mother', anonymous: false });
    keeper.change({ text: 'Pray for my mother, Ana', anonymous: true });
    expect(await loadDraft(MEMBER, COMPOSER)).toBeUndefined();
    await sleep(60);
    await keeper.flush();
    expect(await loadDraft(MEMBER, COMPOSER)).toEqual({ text: 'Pray for my mother, Ana', anonymous: true });
    expect(await loadDraft(OTHER, COMPOSER)).toBeUndefined();
    expect(await loadDraft(MEMBER, draftTarget('comment', 12))).toBeUndefined();
    expect(await db.drafts.count()).toBe(1);
  });

  it('writes at once on a flush (the page is hidden), without waiting for the delay', async () => {
    const keeper = new DraftKeeper(MEMBER, draftTarget('comment', 12), { text: '' }, 60_000);
    keeper.change({ text: 'Praying with you' });
    await keeper.flush();
    expect(await loadDraft(MEMBER, draftTarget('comment', 12))).toEqual({ text: 'Praying with you' });
  });

  it('forgets the draft when the words are sent, even with a save still waiting', async () => {
    const keeper = new DraftKeeper(MEMBER, COMPOSER, { text: '' }, 20);
    keeper.change({ text: 'first words' });
    await keeper.flush();
    keeper.change({ text: 'first words, and more' });
    await keeper.clear();
    await sleep(60);
    expect(await loadDraft(MEMBER, COMPOSER)).toBeUndefined();
  });

  it('forgets the draft when the form is brought back to where it started (an edit undone)', async () => {
    const target = draftTarget('editPost', 3);
    const keeper = new DraftKeeper(MEMBER, target, { text: 'As posted' }, 20);
    keeper.change({ text: 'As posted, edited' });
    await keeper.flush();
    expect(await loadDraft(MEMBER, target)).toEqual({ text: 'As posted, edited' });
    keeper.change({ text: 'As posted' });
    await keeper.flush();
    expect(await loadDraft(MEMBER, target)).toBeUndefined();
  });

  it('goes with everything else when the store is cleared (logout on a shared device)', async () => {
    await saveDraft(MEMBER, COMPOSER, { text: 'private words' });
    await clearAllTables();
    expect(await db.drafts.count()).toBe(0);
  });
});

describe('a spill when the page goes (an IndexedDB write may not outlive the page)', () => {
  const KEY = `${MEMBER}|${COMPOSER}`;
  const START = { text: '', anonymous: false };

  it('keeps the unsaved words synchronously; the next page gets them back and moves them into the table', async () => {
    const spills = memoryStore();
    const before = new DraftKeeper(MEMBER, COMPOSER, START, 60_000, spills);
    before.change({ text: 'Pray for my father on Thursday', anonymous: false });
    void before.spillAndFlush();
    // The page is torn down here: its write never commits, but the spill was written before it began.
    expect(readSpill(spills, KEY)).toEqual({ kind: 'save', fields: { text: 'Pray for my father on Thursday', anonymous: false } });
    // As the torn-down page leaves things: the table without the write, the spill still there.
    await before.flush();
    await db.drafts.clear();
    spillDraft(spills, KEY, { kind: 'save', fields: { text: 'Pray for my father on Thursday', anonymous: false } });
    const after = new DraftKeeper(MEMBER, COMPOSER, START, 60_000, spills);
    expect(await after.load()).toEqual({ text: 'Pray for my father on Thursday', anonymous: false });
    expect(await loadDraft(MEMBER, COMPOSER)).toEqual({ text: 'Pray for my father on Thursday', anonymous: false });
    expect(readSpill(spills, KEY)).toBeUndefined();
  });

  it('is dropped once the table holds what it held, so it never brings back words sent later', async () => {
    const spills = memoryStore();
    const keeper = new DraftKeeper(MEMBER, COMPOSER, START, 60_000, spills);
    keeper.change({ text: 'Words typed before the app went to the background', anonymous: false });
    await keeper.spillAndFlush();
    expect(readSpill(spills, KEY)).toBeUndefined();
    await keeper.clear();
    expect(await new DraftKeeper(MEMBER, COMPOSER, START, 60_000, spills).load()).toBeUndefined();
  });

  it('spills a clear too: words sent just before the page went do not come back', async () => {
    const spills = memoryStore();
    await saveDraft(MEMBER, COMPOSER, { text: 'Sent a moment ago', anonymous: false });
    const keeper = new DraftKeeper(MEMBER, COMPOSER, START, 60_000, spills);
    keeper.change({ text: 'Sent a moment ago', anonymous: false });
    void keeper.clear();
    void keeper.spillAndFlush();
    expect(readSpill(spills, KEY)).toEqual({ kind: 'clear' });
    await keeper.flush();
    await saveDraft(MEMBER, COMPOSER, { text: 'Sent a moment ago', anonymous: false }); // the clear's write "lost"
    spillDraft(spills, KEY, { kind: 'clear' });
    expect(await new DraftKeeper(MEMBER, COMPOSER, START, 60_000, spills).load()).toBeUndefined();
    expect(await loadDraft(MEMBER, COMPOSER)).toBeUndefined();
  });

  it('ignores a spill that is not a draft (another version, a hand edit)', () => {
    const spills = memoryStore();
    spills.setItem(`prayer-draft-spill:v1:${KEY}`, JSON.stringify({ kind: 'save', fields: { text: 3 } }));
    expect(readSpill(spills, KEY)).toBeUndefined();
    spills.setItem(`prayer-draft-spill:v1:${KEY}`, '{not json');
    expect(readSpill(spills, KEY)).toBeUndefined();
  });
});

describe('restoring a draft', () => {
  it('takes only the form’s own fields, of their own type', () => {
    const initial = { text: '', type: 'REQUEST', is_anonymous: false };
    expect(restoredFields(initial, { text: 'saved', type: 'THANK', is_anonymous: 'yes', stray: 'x' })).toEqual({ text: 'saved', type: 'THANK', is_anonymous: false });
  });
});

describe('when closing asks "Discard this draft?"', () => {
  const start = { text: '', type: 'REQUEST' };
  it('asks for words, not for a choice alone or for blank space', () => {
    expect(hasNewWords({ text: 'Pray for me', type: 'REQUEST' }, start, ['text'])).toBe(true);
    expect(hasNewWords({ text: '', type: 'THANK' }, start, ['text'])).toBe(false);
    expect(hasNewWords({ text: '   ', type: 'REQUEST' }, start, ['text'])).toBe(false);
  });

  it('asks for an edit only once its words differ from what was there', () => {
    const edit = { text: 'As posted' };
    expect(hasNewWords({ text: 'As posted' }, edit, ['text'])).toBe(false);
    expect(hasNewWords({ text: 'As posted, edited' }, edit, ['text'])).toBe(true);
  });
});
