// Wires the refused-changes list to the local database (docs/architecture/sync-protocol.md 'Outbox
// and sync protocol', issue #12): a banner for each new refusal that says what was refused, why,
// and that the words were kept; the dialog listing them with the words, copy, edit and send again
// (./-resend-dialog.tsx), and discard. Not a route (the '-' prefix keeps the router out).
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useRefusedChanges } from '../db/change-queries';
import type { FailedMutation } from '../model/types';
import type { RefusedChange } from '../db/change-reads';
import { lazyCommand } from '../commands/lazy';
import { bannerMessage } from '../components/api-error';
import { useBanner } from '../components/banner-provider';
import type { FailedChange } from '../components/failed-changes-dialog';
import { deferredDialog } from '../components/deferred-dialog';
import { TextDialog, type TextDialogSpec } from '../components/text-dialog';
import type { postDetailTexts } from '../i18n/locales/areas/post-detail';
import { resendSpec } from './-resend-dialog';

/** Loaded when first opened (issue #14's first-load budget; src/components/deferred-dialog.tsx). */
const FailedChangesDialog = deferredDialog(() => import('../components/failed-changes-dialog'), (props) => props.open);

const dismissFailure = lazyCommand('dismissFailure');
const dismissAllFailures = lazyCommand('dismissAllFailures');

type OpLabelKey = keyof (typeof postDetailTexts)['en-US']['ops'];

/** The catalogue key of an op's label: 'post.pray' -> 'postPray'. */
type OpLabelKeyOf<O extends string> = O extends `${infer Area}.${infer Action}` ? `${Area}${Capitalize<Action>}` : never;
type AssertNever<T extends never> = T;
/** Every op has its label (the registry less background ops too): a new op fails this type check until it has one. */
export type EveryOpLabelled = AssertNever<Exclude<OpLabelKeyOf<FailedMutation['op']>, OpLabelKey>>;

/** The catalogue key of an op's label (a rule, not a table: the table weighed on the first load, issue #14). */
export function opLabelKey<O extends FailedMutation['op']>(op: O): OpLabelKeyOf<O> {
  const [area = '', action = ''] = op.split('.');
  return `${area}${action.charAt(0).toUpperCase()}${action.slice(1)}` as OpLabelKeyOf<O>;
}

/** What the change was, in the user's language. */
export function opLabel(op: FailedMutation['op'], t: TFunction): string {
  // A record kept by an older version may name an op this build no longer has: no such text.
  return t(`postDetail.ops.${opLabelKey(op)}`, { defaultValue: '' }) || t('failed.opOther');
}

/** Why it was refused, in the user's language (the server's code, translated by api-error.ts). */
export function refusalReason(failure: FailedMutation, t: TFunction): string {
  if (failure.isDependent) return t('syncFeedback.refused.dependent');
  // Only the error's own fields: the record also holds the request's body, which is not the error's.
  const { status, message, code, params, errors, fieldCodes } = failure;
  return bannerMessage({ status, message, code, params, errors, fieldCodes }, t, t('errors.status500'));
}

type FailedChangesProps = { open: boolean; onOpenChange: (open: boolean) => void };

export function FailedChanges({ open, onOpenChange }: FailedChangesProps) {
  const { t } = useTranslation();
  const refused = useRefusedChanges();
  const [resending, setResending] = useState<TextDialogSpec | null>(null);
  useRefusalBanner(refused);
  const changes: FailedChange[] = (refused ?? []).map((failure) => ({
    id: failure.id,
    what: opLabel(failure.op, t),
    message: refusalReason(failure, t),
    failedAt: new Date(failure.failedAt).toISOString(),
    words: failure.words,
    canResend: failure.resend !== null,
    reference: failure.requestId ?? null,
  }));
  const resend = (id: number) => {
    const plan = refused?.find((failure) => failure.id === id)?.resend;
    if (!plan) return;
    // The list closes first: one dialog at a time, and focus goes to the composer.
    onOpenChange(false);
    setResending(resendSpec(plan, id, t, () => dismissFailure(id)));
  };
  return (
    <>
      <FailedChangesDialog
        open={open}
        onOpenChange={onOpenChange}
        changes={changes}
        onDiscard={(id) => void dismissFailure(id)}
        onResend={resend}
        onDismissAll={() => {
          void dismissAllFailures();
          onOpenChange(false);
        }}
      />
      <TextDialog spec={resending} onClose={() => setResending(null)} />
    </>
  );
}

/** Ends a reason with a full stop when the translation does not, so the banner reads as sentences. */
function asSentence(text: string): string {
  return /[.!?…]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`;
}

/** Shows the newest refusal once, when it arrives (not the ones already there at start). */
function useRefusalBanner(refused: RefusedChange[] | undefined) {
  const { t } = useTranslation();
  const banner = useBanner();
  const seenId = useRef<number | null>(null);
  useEffect(() => {
    if (!refused) return;
    const newestId = refused.reduce((max, failure) => Math.max(max, failure.id), 0);
    if (seenId.current !== null && newestId > seenId.current) {
      const newest = refused.find((failure) => failure.id === newestId);
      if (newest) {
        const values = { what: opLabel(newest.op, t), reason: asSentence(refusalReason(newest, t)) };
        const text = newest.words === null ? t('syncFeedback.refused.toast', values) : t('syncFeedback.refused.toastWords', values);
        banner.show({ kind: 'error', text });
      }
    }
    seenId.current = newestId;
  }, [banner, refused, t]);
}
