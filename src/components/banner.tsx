// docs/product.md §2 banner: bottom of the screen, green for success, red for error, a close button, and it
// hides itself after BANNER_AUTO_HIDE_MS unless it is persistent (./banner-timing.ts).
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { scheduleBannerHide } from './banner-timing';
import { CloseIcon } from './icons';

type BannerKind = 'success' | 'error';

export type BannerMessage = {
  id: number;
  kind: BannerKind;
  text: string;
  isPersistent?: boolean;
  hideAfterMs?: number;
  /** One action offered beside the text (Undo, issue #26 point 6); the banner closes after it runs. */
  action?: { label: string; run: () => void };
};

type BannerProps = { banner: BannerMessage; onClose: () => void };

export function Banner({ banner, onClose }: BannerProps) {
  const { t } = useTranslation();
  const { id, isPersistent, hideAfterMs } = banner;
  // The timer restarts for each banner (a new id); see banner-timing.ts for the rules.
  useEffect(() => scheduleBannerHide({ isPersistent, hideAfterMs }, onClose, window), [id, isPersistent, hideAfterMs, onClose]);

  return (
    <div
      className={`banner banner--${banner.kind}`}
      role={banner.kind === 'error' ? 'alert' : 'status'}
      data-testid="banner"
    >
      <p className="banner__text">{banner.text}</p>
      {banner.action && (
        <button
          type="button"
          className="banner__action"
          onClick={() => {
            banner.action?.run();
            onClose();
          }}
        >
          {banner.action.label}
        </button>
      )}
      <button type="button" className="icon-button banner__close" onClick={onClose} aria-label={t('banner.close')}>
        <CloseIcon />
      </button>
    </div>
  );
}
