// App-wide banner state: one banner at a time; a new one replaces the current one. UI state only.
// Issue #12: a banner about a change can follow its fate (saved here, sending, sent): `show` gives
// its id, `update` changes its text while it is still the one shown, and `onGone` tells its owner
// when it is closed, hidden or replaced, so nothing keeps watching a banner nobody sees.
// Issue #49 (review m14): a banner keeps clear of what the person just changed (./banner-placement.ts).
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useRouter } from '@tanstack/react-router';
import { Banner, type BannerMessage } from './banner';
import { leavesWithPage } from './banner-timing';

type NewBanner = Omit<BannerMessage, 'id'> & { onGone?: () => void };
type ShowBanner = (banner: NewBanner) => number;
type BannerApi = {
  show: ShowBanner;
  /** Changes the text (and kind) of banner `id`; false when it is no longer shown. */
  update: (id: number, patch: Pick<BannerMessage, 'text'> & Partial<Pick<BannerMessage, 'kind'>>) => boolean;
  close: () => void;
};

const BannerContext = createContext<BannerApi | null>(null);

/** The banners keep clear of what was just changed (./banner-placement.ts): not in the first load, fetched once the region is drawn. */
function keepBannersClear(region: HTMLDivElement | null): void {
  if (region) void import('./banner-placement').then(({ watch }) => watch(region), () => undefined);
}

export function BannerProvider({ children }: { children: ReactNode }) {
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  const nextId = useRef(1);
  // The shown banner's id and owner callback, read synchronously by update() and show().
  const current = useRef<{ id: number; onGone?: (() => void) | undefined; shownAt: number; isPersistent: boolean } | null>(null);
  const leave = useCallback(() => {
    const gone = current.current;
    current.current = null;
    gone?.onGone?.();
  }, []);
  const close = useCallback(() => {
    leave();
    setBanner(null);
  }, [leave]);
  const show = useCallback<ShowBanner>(
    ({ onGone, ...message }) => {
      leave();
      const id = nextId.current++;
      current.current = { id, onGone, shownAt: Date.now(), isPersistent: message.isPersistent === true };
      setBanner({ ...message, id });
      return id;
    },
    [leave],
  );
  const update = useCallback<BannerApi['update']>((id, patch) => {
    if (current.current?.id !== id) return false;
    setBanner((shown) => (shown && shown.id === id ? { ...shown, ...patch } : shown));
    return true;
  }, []);
  const api = useMemo(() => ({ show, update, close }), [show, update, close]);
  // A toast does not follow the person to another page (./banner-timing.ts leavesWithPage). A
  // replaced history entry is not one: the app's own address correction, such as a list's address
  // following its real id when the server answers (src/routes/_app/lists/-real-id-address.ts),
  // which took "List created." away whenever the answer came after the grace (e2e/toasts.spec.ts in CI).
  const router = useRouter();
  useEffect(
    () => router.subscribe('onResolved', (event) => {
      const shown = current.current;
      const isReplace = event.fromLocation?.state.__TSR_index === event.toLocation.state.__TSR_index;
      if (event.pathChanged && !isReplace && shown && leavesWithPage(shown, shown.shownAt, Date.now())) close();
    }),
    [router, close],
  );
  return (
    <BannerContext.Provider value={api}>
      {children}
      <div className="banner-region" ref={keepBannersClear}>{banner && <Banner key={banner.id} banner={banner} onClose={close} />}</div>
    </BannerContext.Provider>
  );
}

export function useBanner(): BannerApi {
  const api = useContext(BannerContext);
  if (!api) throw new Error('useBanner must be used inside <BannerProvider>');
  return api;
}
