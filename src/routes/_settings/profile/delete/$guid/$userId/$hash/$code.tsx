// '/profile/delete/{guid}/{user_id}/{hash}/{code}' (docs/product.md §2, settings layout): the account deletion
// link of the mail. Asks "are you sure?", then POST user/delete-confirm. Once deleted, this device
// forgets the account too and offers the way home.
import { Link, createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { confirmAccountDeletion } from '../../../../../../../state';
import { parseIdParam } from '../../../../../../-params';
import { LinkPage, useLinkAction } from '../../../../../../-link-page';

export const Route = createFileRoute('/_settings/profile/delete/$guid/$userId/$hash/$code')({
  params: {
    parse: (raw) => ({ ...raw, userId: parseIdParam(raw.userId) }),
    stringify: (params) => ({ ...params, userId: String(params.userId) }),
  },
  component: DeleteAccountScreen,
});

function DeleteAccountScreen() {
  const { t } = useTranslation();
  const { guid, userId, hash, code } = Route.useParams();
  const { state, run } = useLinkAction(() => confirmAccountDeletion({ guid, user_id: userId, hash, code }));
  return (
    <LinkPage
      title={t('accounts.links.deleteTitle')}
      state={state}
      isDanger
      actionLabel={t('accounts.links.deleteConfirm')}
      onAction={run}
      question={<p>{t('accounts.links.deleteQuestion')}</p>}
      done={
        <>
          <p>{t('accounts.links.deleteDone')}</p>
          <Link to="/" className="button button--primary">
            {t('accounts.links.home')}
          </Link>
        </>
      }
    />
  );
}
