// Wires the refused-changes list to the local database: a banner for each new refusal (SPEC §5
// wording) and the dialog listing them. Not a route (the '-' prefix keeps the router out).
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFailedMutations, type FailedMutation } from '../db/queries';
import { dismissAllFailures } from '../commands';
import { bannerMessage } from '../components/api-error';
import { useBanner } from '../components/banner-provider';
import { FailedChangesDialog, type FailedChange } from '../components/failed-changes-dialog';

type FailedChangesProps = { open: boolean; onOpenChange: (open: boolean) => void };

export function FailedChanges({ open, onOpenChange }: FailedChangesProps) {
  const { t } = useTranslation();
  const failures = useFailedMutations();
  useRefusalBanner(failures);
  // Ops without a label of their own yet (lists, items, comments...) read as 'Change'.
  const opLabel: Partial<Record<FailedMutation['op'], string>> = {
    'post.pray': t('failed.opPray'),
    'post.bookmark': t('failed.opBookmark'),
    'post.create': t('failed.opCreate'),
  };
  const changes: FailedChange[] = (failures ?? []).map((failure) => ({
    id: failure.id,
    what: opLabel[failure.op] ?? t('failed.opOther'),
    message: bannerMessage(failure, t, t('errors.status500')),
    failedAt: new Date(failure.failedAt).toISOString(),
  }));
  return (
    <FailedChangesDialog
      open={open}
      onOpenChange={onOpenChange}
      changes={changes}
      onDismissAll={() => {
        void dismissAllFailures();
        onOpenChange(false);
      }}
    />
  );
}

/** Shows the newest refusal once, when it arrives (not the ones already there at start). */
function useRefusalBanner(failures: FailedMutation[] | undefined) {
  const { t } = useTranslation();
  const banner = useBanner();
  const seenId = useRef<number | null>(null);
  useEffect(() => {
    if (!failures) return;
    const newestId = failures.reduce((max, failure) => Math.max(max, failure.id), 0);
    if (seenId.current !== null && newestId > seenId.current) {
      const newest = failures.find((failure) => failure.id === newestId);
      if (newest) banner.show({ kind: 'error', text: bannerMessage(newest, t, t('errors.status500')) });
    }
    seenId.current = newestId;
  }, [banner, failures, t]);
}
