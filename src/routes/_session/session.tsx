// '/session' (SPEC §2, session layout): a prayer session, one item at a time, fully offline.
// ?list=<id> prays through one of my lists; ?source=biblical|quick|community through the biblical
// prayers or the pulled post feeds (SPEC §7 list/session/*, post/session/*). SPEC §4: each prayer
// counts at once (prayForListItem / prayForPost, through the outbox); the session is opened with
// startTodaySession and closed with finishSession. A reload resumes (src/routes/-session-run.ts).
import { useCallback, useMemo, type ReactNode } from 'react';
import { Link, createFileRoute, notFound } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useList, useSession, useSessionEntries, type SessionSource } from '../../db/queries';
import { useBanner } from '../../components/banner-provider';
import { bannerMessage } from '../../components/api-error';
import { PrayerSessionView, SessionFinished } from '../../components/prayer-session-view';
import { useSessionRun } from '../-session-run';
import { parseSessionSearch, sessionRunKey, toSessionSource, type SessionSearch } from '../-session-search';
import { useOnline } from '../../state/online';

export const Route = createFileRoute('/_session/session')({
  validateSearch: parseSessionSearch,
  beforeLoad: ({ search }) => {
    if (!toSessionSource(search)) throw notFound();
  },
  component: SessionScreen,
});

function SessionScreen() {
  const search = Route.useSearch();
  const key = sessionRunKey(search);
  // A new source is a new run: remount rather than carry one run's state into the next.
  return <SessionRunScreen key={key} storageKey={key} search={search} />;
}

function useHeading(source: SessionSource | null): string {
  const { t } = useTranslation();
  const list = useList(source?.kind === 'list' ? source.listId : 0);
  if (source?.kind === 'list') return list?.name ?? t('prayer.session.sources.list');
  return source ? t(`prayer.session.sources.${source.kind}`) : t('prayer.session.title');
}

function SessionRunScreen(props: { storageKey: string; search: SessionSearch }) {
  const { t } = useTranslation();
  return (
    <>
      <title>{`${t('prayer.session.title')} · ${t('app.name')}`}</title>
      <SessionRunContent {...props} />
    </>
  );
}

function SessionRunContent({ storageKey, search }: { storageKey: string; search: SessionSearch }) {
  const { t } = useTranslation();
  const banner = useBanner();
  const session = useSession();
  const source = useMemo(() => toSessionSource(search), [search]);
  const entries = useSessionEntries(source);
  const heading = useHeading(source);
  const isOnline = useOnline();
  const onError = useCallback((err: unknown) => banner.show({ kind: 'error', text: bannerMessage(err, t, t('prayer.session.failed')) }), [banner, t]);
  const canPray = session.ready && session.kind !== 'anonymous';
  const run = useSessionRun(storageKey, entries, canPray, onError);
  const state = run.state;
  const backLink = (
    <Link to="/pray" className="button button--primary">
      {t('prayer.session.backToPray')}
    </Link>
  );

  if (state?.finished) {
    return (
      <SessionFinished
        itemsPrayed={state.finished.itemsPrayed}
        durationSeconds={state.finished.durationSeconds}
        todayPrayerCount={session.todayPrayerCount}
        isOffline={!isOnline}
        backLink={backLink}
        onPrayAgain={run.restart}
      />
    );
  }
  const entry = state?.entries[state.position];
  if (state && entry) {
    return (
      <PrayerSessionView
        heading={heading}
        item={entry}
        position={state.position}
        total={state.entries.length}
        todayPrayerCount={session.todayPrayerCount}
        isPrayedHere={state.prayed.includes(state.position)}
        isBusy={run.isBusy}
        onPray={() => void run.prayAndNext()}
        onSkip={run.next}
        onPrevious={run.previous}
      />
    );
  }
  return <SessionNotice heading={heading} session={session} isEmpty={entries?.length === 0} isOnline={isOnline} backLink={backLink} />;
}

type NoticeProps = { heading: string; session: ReturnType<typeof useSession>; isEmpty: boolean; isOnline: boolean; backLink: ReactNode };

/** Before a run exists: loading, nobody to pray as, or nothing to pray for. */
function SessionNotice({ heading, session, isEmpty, isOnline, backLink }: NoticeProps) {
  const { t } = useTranslation();
  const isSignedOut = session.ready && session.kind === 'anonymous';
  const text = isSignedOut ? t('prayer.session.signedOut') : isEmpty ? (isOnline ? t('prayer.session.empty') : t('prayer.session.emptyOffline')) : t('prayer.session.loading');
  return (
    <section className="prayer-session prayer-session--notice" aria-labelledby="prayer-session-heading">
      <h1 id="prayer-session-heading" className="prayer-session__heading">
        {heading}
      </h1>
      <p role="status">{text}</p>
      <div className="prayer-session__controls">
        {isSignedOut ? (
          <Link to="/" className="button button--primary">
            {t('prayer.session.toStart')}
          </Link>
        ) : (
          (isEmpty || !session.ready) && backLink
        )}
      </div>
    </section>
  );
}
