// SPEC §2 banner: bottom of the screen, green for success, red for error, a close button, and it
// hides itself after BANNER_AUTO_HIDE_MS unless it is persistent.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BANNER_AUTO_HIDE_MS } from '../../common/constants';
import { CloseIcon } from './icons';

export type BannerKind = 'success' | 'error';

export type BannerMessage = {
  id: number;
  kind: BannerKind;
  text: string;
  isPersistent?: boolean;
  hideAfterMs?: number;
};

type BannerProps = { banner: BannerMessage; onClose: () => void };

export function Banner({ banner, onClose }: BannerProps) {
  const { t } = useTranslation();
  const delay = banner.hideAfterMs ?? BANNER_AUTO_HIDE_MS;
  useEffect(() => {
    if (banner.isPersistent) return undefined;
    const timer = window.setTimeout(onClose, delay);
    return () => window.clearTimeout(timer);
  }, [banner.id, banner.isPersistent, delay, onClose]);

  return (
    <div
      className={`banner banner--${banner.kind}`}
      role={banner.kind === 'error' ? 'alert' : 'status'}
      data-testid="banner"
    >
      <p className="banner__text">{banner.text}</p>
      <button type="button" className="icon-button banner__close" onClick={onClose} aria-label={t('banner.close')}>
        <CloseIcon />
      </button>
    </div>
  );
}
