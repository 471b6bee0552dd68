// '/profile/download/{guid}/{time}/{user_id}/{hash}' (docs/product.md §2, settings layout): the data download
// link of the mail. GET user/download/... through the worker, then the JSON is saved as a file.
import { createFileRoute, notFound } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { downloadData } from '../../../../../../../state';
import { parseIdParam } from '../../../../../../-params';
import { LinkPage, useLinkAction } from '../../../../../../-link-page';

export const Route = createFileRoute('/_settings/profile/download/$guid/$time/$userId/$hash')({
  params: {
    parse: (raw) => ({ ...raw, time: parseTimeParam(raw.time), userId: parseIdParam(raw.userId) }),
    stringify: (params) => ({ ...params, time: String(params.time), userId: String(params.userId) }),
  },
  component: DownloadDataScreen,
});

/** Unix seconds of the link's issue; any whole number (the server judges its age and signature). */
function parseTimeParam(raw: string): number {
  if (!/^\d{1,12}$/.test(raw)) throw notFound();
  return Number(raw);
}

function saveJson(data: Record<string, unknown>, name: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.click();
  // The click has handed the blob to the download; the URL can go once the task ends.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function DownloadDataScreen() {
  const { t } = useTranslation();
  const { guid, time, userId, hash } = Route.useParams();
  const { state, run } = useLinkAction(async () => {
    const data = await downloadData({ guid, time, user_id: userId, hash });
    saveJson(data, `prayer-data-${userId}.json`);
  });
  return (
    <LinkPage
      title={t('accounts.links.downloadTitle')}
      state={state}
      actionLabel={t('accounts.links.downloadConfirm')}
      onAction={run}
      question={<p>{t('accounts.links.downloadQuestion')}</p>}
      done={<p>{t('accounts.links.downloadDone')}</p>}
    />
  );
}
