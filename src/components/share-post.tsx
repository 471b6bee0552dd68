// Issue #13 point 3: the Share action of a post, for the post menu (src/routes/-post-menu.tsx) and
// the post detail's button. The device's share sheet where it has one, else the link copied with
// a "Link copied" banner, else a small dialog with the link selected and a Copy button. A post
// not yet sent says so instead of sharing an address nobody else can open (src/platform/share.ts).
import { useCallback, useState, type ReactNode } from 'react';
import { useT } from '../i18n/use-t';
import { browserShareDevice, shareExcerpt, shareOrCopy, shareTarget } from '../platform/share';
import { LinkField, useCopyLink } from './copy-link';
import { AppDialog } from './app-dialog';
import { useBanner } from './banner-provider';
import '../styles/share.css';

type SharedPost = { id: number; text: string };

/** `share(post)` runs the action; `dialog` (the copy-by-hand fallback) is rendered by the caller. */
export function useSharePost(): { share: (post: SharedPost) => void; dialog: ReactNode } {
  const { t } = useT();
  const banner = useBanner();
  const [manualUrl, setManualUrl] = useState<string | null>(null);
  const share = useCallback(
    (post: SharedPost) => {
      const target = shareTarget(post.id, window.location.origin);
      if (target.kind === 'notYetSent') {
        banner.show({ kind: 'error', text: t('share.notYetSent') });
        return;
      }
      const data = { title: t('app.name'), text: shareExcerpt(post.text), url: target.url };
      void shareOrCopy(data, browserShareDevice()).then((outcome) => {
        if (outcome === 'copied') banner.show({ kind: 'success', text: t('share.linkCopied') });
        else if (outcome === 'manual') setManualUrl(target.url);
        // 'shared' and 'cancelled' (the user closed the sheet): the device has said it all.
      });
    },
    [banner, t],
  );
  // Mounted only while it shows: a feed has a menu, and so a share, per card (issue #14 point 3).
  const dialog = manualUrl === null ? null : <ShareLinkDialog url={manualUrl} onClose={() => setManualUrl(null)} />;
  return { share, dialog };
}

/** The post detail's visible Share button (the same action as the post menu's entry). */
export function ShareButton({ post }: { post: SharedPost }) {
  const { t } = useT();
  const { share, dialog } = useSharePost();
  return (
    <>
      <button type="button" className="button button--secondary share-button" onClick={() => share(post)}>
        <ShareIcon />
        <span>{t('share.shareButton')}</span>
      </button>
      {dialog}
    </>
  );
}

/** Three joined dots, the usual sign for sharing; decorative (the button has the name). */
function ShareIcon() {
  return (
    <svg className="icon" width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <circle cx="18" cy="5" r="2.5" />
      <circle cx="6" cy="12" r="2.5" />
      <circle cx="18" cy="19" r="2.5" />
      <path d="m8.2 10.8 7.6-4.4M8.2 13.2l7.6 4.4" />
    </svg>
  );
}

type ShareLinkDialogProps = { url: string | null; onClose: () => void };

/** The link to copy by hand, selected, with a Copy button that tries the clipboard once more. */
function ShareLinkDialog({ url, onClose }: ShareLinkDialogProps) {
  const { t } = useT();
  const banner = useBanner();
  const { hasFailed, copy, reset } = useCopyLink(url, () => {
    close();
    banner.show({ kind: 'success', text: t('share.linkCopied') });
  });
  function close() {
    reset();
    onClose();
  }
  return (
    <AppDialog open={url !== null} onOpenChange={(isOpen) => !isOpen && close()} title={t('share.copyTitle')} description={t('share.copyDescription')}>
      <form
        className="share-link"
        onSubmit={(event) => {
          event.preventDefault();
          const input = event.currentTarget.elements.namedItem('link');
          void copy(input instanceof HTMLInputElement ? input : null);
        }}
      >
        <LinkField id="share-link-url" name="link" label={t('share.linkLabel')} url={url ?? ''} className="share-link__url" errorId={hasFailed ? 'share-link-failed' : null} autoFocus />
        {hasFailed && (
          <p id="share-link-failed" className="form-error" role="alert">
            {t('share.copyFailed')}
          </p>
        )}
        <div className="form__actions dialog__actions">
          <button type="submit" className="button button--primary">
            {t('share.copy')}
          </button>
        </div>
      </form>
    </AppDialog>
  );
}
