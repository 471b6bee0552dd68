// "Invite people" (issue #28 item 2; docs/product.md §11 'Joining'): the group's live invite link
// (`/g/<code>`, from the group row: GET groups and the one pull carry `invite`), shown selected in a
// dialog with a Copy button. A group not yet on the server has no link: the dialog says so.
import { useTranslation } from 'react-i18next';
import type { ShownGroup } from '../../../db/group-reads';
import { AppDialog } from '../../../components/app-dialog';
import { useBanner } from '../../../components/banner-provider';
import { LinkField, useCopyLink } from '../../../components/copy-link';
import { inviteUrl } from './-group-texts';

type InvitePanelProps = { group: ShownGroup; open: boolean; onOpenChange: (open: boolean) => void };

export function InvitePanel({ group, open, onOpenChange }: InvitePanelProps) {
  const { t } = useTranslation();
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title={t('groups.screens.invitePanel.title')} description={t('groups.screens.invitePanel.description')}>
      {open && <InviteLink group={group} onClose={() => onOpenChange(false)} />}
    </AppDialog>
  );
}

function InviteLink({ group, onClose }: { group: ShownGroup; onClose: () => void }) {
  const { t } = useTranslation();
  const banner = useBanner();
  const code = group.invite?.code;
  const url = code === undefined ? null : inviteUrl(code);
  const { hasFailed, copy } = useCopyLink(url, () => {
    onClose();
    banner.show({ kind: 'success', text: t('groups.screens.invitePanel.copied') });
  });
  if (group.id < 0 || url === null) {
    return <p className="feed__note">{group.id < 0 ? t('groups.screens.invitePanel.notYet') : t('groups.screens.invitePanel.none')}</p>;
  }
  return (
    <div className="form">
      <LinkField id="group-invite-url" label={t('groups.screens.invitePanel.label')} url={url} className="group-invite__url" errorId={hasFailed ? 'group-invite-failed' : null} autoFocus />
      {hasFailed && (
        <p id="group-invite-failed" className="form-error" role="alert">
          {t('share.copyFailed')}
        </p>
      )}
      <div className="form__actions dialog__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('groups.screens.invitePanel.close')}
        </button>
        <button type="button" className="button button--primary" onClick={() => void copy()}>
          {t('groups.screens.invitePanel.copy')}
        </button>
      </div>
    </div>
  );
}
