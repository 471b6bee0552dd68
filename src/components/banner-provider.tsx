// App-wide banner state: one banner at a time; a new one replaces the current one. UI state only.
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { Banner, type BannerMessage } from './banner';

type ShowBanner = (banner: Omit<BannerMessage, 'id'>) => void;
type BannerApi = { show: ShowBanner; close: () => void };

const BannerContext = createContext<BannerApi | null>(null);

export function BannerProvider({ children }: { children: ReactNode }) {
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  const nextId = useRef(1);
  const close = useCallback(() => setBanner(null), []);
  const show = useCallback<ShowBanner>((message) => {
    setBanner({ ...message, id: nextId.current++ });
  }, []);
  const api = useMemo(() => ({ show, close }), [show, close]);
  return (
    <BannerContext.Provider value={api}>
      {children}
      <div className="banner-region">{banner && <Banner key={banner.id} banner={banner} onClose={close} />}</div>
    </BannerContext.Provider>
  );
}

export function useBanner(): BannerApi {
  const api = useContext(BannerContext);
  if (!api) throw new Error('useBanner must be used inside <BannerProvider>');
  return api;
}
