// Issue #13 point 3: which posts offer Share (src/db/actions-menu.ts shareActionsMenu), what a
// share does on a device with and without the Web Share API or a clipboard (src/platform/share.ts),
// and what it shares: the post's public address and the start of its text.
import { describe, expect, it } from 'vitest';
import { VISIBILITY } from '../../common/contract';
import { shareActionsMenu } from '../../src/db/actions-menu';
import { postShareUrl, shareExcerpt, shareOrCopy, shareTarget, type ShareData, type ShareDevice } from '../../src/platform/share';

const ME = { id: 7 };
const PUBLIC = VISIBILITY.PUBLIC;
const own = { is_mine: true, user_id: 7, is_anonymous: false, visibility: PUBLIC };
const others = { is_mine: false, user_id: 9, is_anonymous: false, visibility: PUBLIC };

describe('shareActionsMenu(post, viewer): which posts can be shared', () => {
  it.each([
    ['own, public', own, ME, ['sharePost']],
    ['own and anonymous (the author may share it; the link names nobody)', { ...own, is_anonymous: true, user_id: null }, ME, ['sharePost']],
    ['own by id, is_mine not set', { ...own, is_mine: false }, ME, ['sharePost']],
    ['own, hidden by reports (nobody else can open it)', { ...own, visibility: VISIBILITY.DENOUNCED }, ME, []],
    ['own, private', { ...own, visibility: VISIBILITY.PRIVATE }, ME, []],
    ["someone else's public, signed post", others, ME, ['sharePost']],
    ["someone else's anonymous post", { ...others, is_anonymous: true, user_id: null }, ME, []],
    ["someone else's restricted post", { ...others, visibility: VISIBILITY.RESTRICTED }, ME, []],
    ["someone else's public post, seen without a session", others, null, ['sharePost']],
    ["someone else's anonymous post, seen without a session", { ...others, is_anonymous: true, user_id: null }, null, []],
    // Issue #28: a group's posts are its members' only (docs/product.md §11).
    ['own, in a group', { ...own, group_id: 4 }, ME, []],
    ["someone else's signed post in a group", { ...others, group_id: 4 }, ME, []],
    ['own, in the community (group_id null)', { ...own, group_id: null }, ME, ['sharePost']],
  ] as const)('%s', (_case, post, viewer, expected) => {
    expect(shareActionsMenu(post, viewer)).toEqual(expected);
  });
});

describe('shareTarget(id, origin): a post not yet sent has no address', () => {
  it('links a sent post to its public address', () => {
    expect(shareTarget(42, 'https://pray.example')).toEqual({ kind: 'link', url: 'https://pray.example/community/post/42' });
    expect(postShareUrl('http://localhost:4183', 5)).toBe('http://localhost:4183/community/post/5');
  });
  it('refuses a temporary (negative) id of a post written offline', () => {
    expect(shareTarget(-3, 'https://pray.example')).toEqual({ kind: 'notYetSent' });
    expect(shareTarget(0, 'https://pray.example')).toEqual({ kind: 'notYetSent' });
  });
});

const DATA: ShareData = { title: 'Prayer Community', text: 'Pray for my mother', url: 'https://pray.example/community/post/1' };

function named(name: string): Error {
  const err = new Error(name);
  err.name = name;
  return err;
}

/** A device whose calls are recorded: share and writeText succeed unless told to throw. */
function device(options: { share?: Error | 'ok'; canShare?: boolean; clipboard?: Error | 'ok' }): ShareDevice & { shared: ShareData[]; copied: string[] } {
  const shared: ShareData[] = [];
  const copied: string[] = [];
  const { share, canShare, clipboard } = options;
  return {
    shared,
    copied,
    share: share === undefined ? undefined : (data) => (share === 'ok' ? (shared.push(data), Promise.resolve()) : Promise.reject(share)),
    canShare: canShare === undefined ? undefined : () => canShare,
    writeText: clipboard === undefined ? undefined : (text) => (clipboard === 'ok' ? (copied.push(text), Promise.resolve()) : Promise.reject(clipboard)),
  };
}

describe('shareOrCopy(data, device)', () => {
  it('uses the share sheet when the device has one, and copies nothing', async () => {
    const d = device({ share: 'ok', clipboard: 'ok' });
    expect(await shareOrCopy(DATA, d)).toBe('shared');
    expect(d.shared).toEqual([DATA]);
    expect(d.copied).toEqual([]);
  });
  it('uses the share sheet when canShare says yes', async () => {
    const d = device({ share: 'ok', canShare: true, clipboard: 'ok' });
    expect(await shareOrCopy(DATA, d)).toBe('shared');
  });
  it('copies the link when canShare says no', async () => {
    const d = device({ share: 'ok', canShare: false, clipboard: 'ok' });
    expect(await shareOrCopy(DATA, d)).toBe('copied');
    expect(d.shared).toEqual([]);
    expect(d.copied).toEqual([DATA.url]);
  });
  it('takes a cancelled share sheet (AbortError) as no error, and copies nothing', async () => {
    const d = device({ share: named('AbortError'), clipboard: 'ok' });
    expect(await shareOrCopy(DATA, d)).toBe('cancelled');
    expect(d.copied).toEqual([]);
  });
  it('copies the link when the share sheet fails otherwise', async () => {
    const d = device({ share: named('NotAllowedError'), clipboard: 'ok' });
    expect(await shareOrCopy(DATA, d)).toBe('copied');
    expect(d.copied).toEqual([DATA.url]);
  });
  it('copies the link without a share sheet', async () => {
    const d = device({ clipboard: 'ok' });
    expect(await shareOrCopy(DATA, d)).toBe('copied');
    expect(d.copied).toEqual([DATA.url]);
  });
  it('asks for a copy by hand when the clipboard is refused or missing', async () => {
    expect(await shareOrCopy(DATA, device({ clipboard: named('NotAllowedError') }))).toBe('manual');
    expect(await shareOrCopy(DATA, device({}))).toBe('manual');
  });
});

describe('shareExcerpt(text): the start of the request', () => {
  it('keeps a short request whole', () => {
    expect(shareExcerpt('  Pray for my exams this week.  ')).toBe('Pray for my exams this week.');
  });
  it('keeps the first two lines and marks the cut', () => {
    expect(shareExcerpt('Line one\n\nLine two\nLine three')).toBe('Line one\nLine two…');
  });
  it('cuts a long request at a word, within the limit', () => {
    const text = 'word '.repeat(60).trim();
    const excerpt = shareExcerpt(text, 50);
    expect(excerpt.endsWith('word…')).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(51);
  });
  it('cuts one long word where it must', () => {
    expect(shareExcerpt('x'.repeat(300), 20)).toBe(`${'x'.repeat(20)}…`);
  });
});
