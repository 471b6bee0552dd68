// Issue #49 (review m14): a banner keeps clear of what the person just changed
// (docs/decisions/0219-a-toast-keeps-clear-of-what-was-just-changed.md). Not in the first load:
// ./banner-provider.tsx fetches it once its banner region is drawn. It remembers the last element
// touched or focused on the page itself, and moves each new banner that would cover that element's
// card, item or form to the top edge.

/** The last element touched or focused outside a dialog, a menu and the banner itself. */
let touched: Element | null = null;

function remember({ target }: Event): void {
  if (target instanceof Element && !target.closest('.dialog-overlay,.dialog,.menu,.banner-region')) touched = target;
}

document.addEventListener('pointerdown', remember, true);
document.addEventListener('focusin', remember, true);

/**
 * Shown at the bottom edge, the banner in `region` would cover `near` (the card, list item or form
 * the person last acted in): it takes the top edge (`data-top`, src/styles/overlays.css) when that
 * one is clear of it. Measured again when `near` or the banner changes size and when a dialog goes
 * (while one is open the banner is at the top anyway). The returned function stops watching.
 */
function keepClear(region: HTMLElement): () => void {
  const near = touched?.isConnected ? (touched.closest('article,li,form') ?? touched) : null;
  const place = () => {
    if (document.querySelector('.dialog[data-state="open"]')) return;
    delete region.dataset.top;
    if (!near) return;
    const toast = region.getBoundingClientRect();
    const it = near.getBoundingClientRect();
    if (it.top < toast.bottom && toast.top < it.bottom && it.top > toast.height + 16) region.dataset.top = '';
  };
  place();
  const resized = new ResizeObserver(place);
  const dialogs = new MutationObserver(place);
  resized.observe(region);
  if (near) resized.observe(near);
  dialogs.observe(document.body, { childList: true });
  return () => {
    resized.disconnect();
    dialogs.disconnect();
  };
}

/** Each new banner in `region` (one element a banner: BannerProvider keys them by id) keeps clear. */
export function watch(region: HTMLElement): void {
  if (region.dataset.watched !== undefined) return; // a development build's StrictMode attaches the ref twice
  region.dataset.watched = '';
  let stop: (() => void) | undefined;
  const shown = () => {
    stop?.();
    stop = region.firstElementChild ? keepClear(region) : undefined;
  };
  shown();
  new MutationObserver(shown).observe(region, { childList: true });
}
