// Issue #13 point 3: sharing a post's public address. The device's share sheet (Web Share API)
// where it has one, else the link copied to the clipboard; when the clipboard is refused the
// screen shows the link to copy by hand (src/components/share-post.tsx). The device is passed in,
// so the choices are tested without a browser (tests/unit/share.test.ts).

export type ShareData = { title: string; text: string; url: string };

/** What the device offers: the parts of `navigator` this module uses, each possibly missing. */
export type ShareDevice = {
  share?: ((data: ShareData) => Promise<void>) | undefined;
  canShare?: ((data: ShareData) => boolean) | undefined;
  writeText?: ((text: string) => Promise<void>) | undefined;
};

/**
 * shared: the share sheet took it; cancelled: the user closed the sheet (not an error);
 * copied: the link is on the clipboard; manual: nothing worked, show the link to copy by hand.
 */
type ShareOutcome = 'shared' | 'cancelled' | 'copied' | 'manual';

/** The browser's share and clipboard, bound (they throw "Illegal invocation" when called unbound). */
export function browserShareDevice(nav: Navigator = navigator): ShareDevice {
  // Feature checks on purpose: the DOM types declare these as always there, browsers do not.
  const share: unknown = nav.share;
  const canShare: unknown = nav.canShare;
  const clipboard: Clipboard | undefined = (nav as { clipboard?: Clipboard }).clipboard;
  return {
    share: typeof share === 'function' ? (data) => nav.share(data) : undefined,
    canShare: typeof canShare === 'function' ? (data) => nav.canShare(data) : undefined,
    writeText: clipboard && typeof clipboard.writeText === 'function' ? (text) => clipboard.writeText(text) : undefined,
  };
}

function isAbort(err: unknown): boolean {
  return err instanceof Error && err.name === 'AbortError';
}

/**
 * Shares `data` the best way the device allows. A share sheet that fails for another reason
 * (no user activation left, a policy refusing it) falls back to copying, so the tap is not lost.
 */
export async function shareOrCopy(data: ShareData, device: ShareDevice): Promise<ShareOutcome> {
  if (device.share && (device.canShare?.(data) ?? true)) {
    try {
      await device.share(data);
      return 'shared';
    } catch (err) {
      if (isAbort(err)) return 'cancelled';
    }
  }
  return (await copyText(data.url, device)) ? 'copied' : 'manual';
}

/** True when the clipboard took `text`. */
export async function copyText(text: string, device: ShareDevice): Promise<boolean> {
  if (!device.writeText) return false;
  try {
    await device.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** A post's public address (docs/product.md §2 '/community/post/{id}'), without a language prefix: it opens in the reader's. */
export function postShareUrl(origin: string, postId: number): string {
  return `${origin}/community/post/${String(postId)}`;
}

const SHARE_EXCERPT_MAX = 160;
const SHARE_EXCERPT_LINES = 2;

/** The start of the request: its first couple of lines, cut at a word near `max` characters with an ellipsis. */
export function shareExcerpt(text: string, max: number = SHARE_EXCERPT_MAX): string {
  const lines = text.trim().split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '');
  const start = lines.slice(0, SHARE_EXCERPT_LINES).join('\n');
  const isCut = lines.length > SHARE_EXCERPT_LINES || start.length > max;
  if (!isCut) return start;
  const head = start.slice(0, max);
  const lastSpace = head.search(/\s\S*$/);
  const cut = lastSpace > max / 2 ? head.slice(0, lastSpace) : head;
  return `${cut.trimEnd()}…`;
}

/**
 * What sharing a post does, by its id: a post that exists only on this device (a temporary,
 * negative id: not yet sent) has no address anyone else can open yet.
 */
type ShareTarget = { kind: 'link'; url: string } | { kind: 'notYetSent' };

export function shareTarget(postId: number, origin: string): ShareTarget {
  return postId > 0 ? { kind: 'link', url: postShareUrl(origin, postId) } : { kind: 'notYetSent' };
}
