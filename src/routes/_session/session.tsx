// '/session' (docs/product.md §2, session layout): a guided prayer session (issue #13 point 4), fully offline:
// a beginning (how many, about how long, a quiet timer), one request at a time, an end screen.
// ?list=<id> prays through one of my lists (or a group's); ?group=<id> through a group's requests; ?source=biblical|quick|community|bookmarks|my-prayers
// through the biblical prayers, the pulled post feeds, the bookmarks or my own requests (docs/product.md §7
// list/session/*, post/session/*). docs/product.md §4: each prayer counts at once (prayForListItem /
// prayForPost, through the outbox); the session is opened with startTodaySession and closed with
// finishSession. A reload, going offline or closing the app resumes (src/session/run.ts).
import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { Link, createFileRoute, notFound } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useGroup } from '../../db/group-queries';
import { useList } from '../../db/list-queries';
import { useSession, useSessionEntries, useSessionSize, useSessionStreak, type SessionEntry, type SessionSource } from '../../db/queries';
import { useBanner } from '../../components/banner-provider';
import { bannerMessage } from '../../components/api-error';
import { PrayerSessionView } from '../../session/request-view';
import { SessionBegin } from '../../session/begin';
import { SessionEnd } from '../../session/end';
import { pulls } from '../../sync/client';
import { accountKey, lastTimerChoice, useSessionRun } from '../../session/run';
import type { SessionRunState, TimerSeconds } from '../../session/run-state';
import { parseSessionSearch, sessionRunKey, toSessionSource, type SessionSearch } from '../../session/search';
import { useOnline } from '../../state/online';
import { loadSessionTexts } from '../../i18n/load-session-texts';

export const Route = createFileRoute('/_session/session')({
  validateSearch: parseSessionSearch,
  beforeLoad: ({ search }) => {
    if (!toSessionSource(search)) throw notFound();
  },
  // Its screens' words come with it, not with the first load (src/i18n/session-texts.ts).
  loader: loadSessionTexts,
  component: SessionScreen,
});

function SessionScreen() {
  const search = Route.useSearch();
  const key = sessionRunKey(search);
  // A new source is a new run: remount rather than carry one run's state into the next.
  return <SessionRunScreen key={key} sourceKey={key} search={search} />;
}

const SOURCE_NAMES = {
  biblical: 'prayer.session.sources.biblical',
  quick: 'prayer.session.sources.quick',
  community: 'prayer.session.sources.community',
  bookmarks: 'guidedSession.sources.bookmarks',
  'my-prayers': 'guidedSession.sources.myPrayers',
} as const;

function useHeading(source: SessionSource | null): string {
  const { t } = useTranslation();
  const list = useList(source?.kind === 'list' ? source.listId : 0);
  const group = useGroup(source?.kind === 'group' ? source.groupId : 0);
  if (source?.kind === 'list') return list?.name ?? t('prayer.session.sources.list');
  // Issue #28 item 4: a group's requests are headed by the group's name (its own words, not a text).
  if (source?.kind === 'group') return group?.name ?? t('prayer.session.title');
  return source ? t(SOURCE_NAMES[source.kind]) : t('prayer.session.title');
}

function SessionRunScreen(props: { sourceKey: string; search: SessionSearch }) {
  const { t } = useTranslation();
  return (
    <>
      <title>{`${t('prayer.session.title')} · ${t('app.name')}`}</title>
      <SessionRunContent {...props} />
    </>
  );
}

function SessionRunContent({ sourceKey, search }: { sourceKey: string; search: SessionSearch }) {
  const { t } = useTranslation();
  const banner = useBanner();
  const session = useSession();
  const source = useMemo(() => toSessionSource(search), [search]);
  const heading = useHeading(source);
  const isOnline = useOnline();
  const onError = useCallback((err: unknown) => banner.show({ kind: 'error', text: bannerMessage(err, t, t('prayer.session.failed')) }), [banner, t]);
  const canPray = session.ready && session.kind !== 'anonymous';
  const run = useSessionRun(canPray ? accountKey(session) : null, sourceKey, onError);
  const state = run.state;
  const backLink = (
    <Link to="/pray" className="button button--primary">
      {t('prayer.session.backToPray')}
    </Link>
  );

  if (state?.finished) {
    return (
      <SessionEndScreen
        finished={state.finished}
        seed={state.startedAt}
        todayPrayerCount={session.todayPrayerCount}
        isOffline={!isOnline}
        onAgain={run.restart}
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
        timerSeconds={state.timerSeconds}
        onPrayed={() => void run.prayed()}
        onSkip={run.skip}
        onPrevious={run.previous}
      />
    );
  }
  if (state === null) return <SessionBeginScreen heading={heading} source={source} session={session} isOnline={isOnline} backLink={backLink} onStart={run.begin} />;
  return <SessionNotice heading={heading} session={session} isEmpty={false} isOnline={isOnline} backLink={backLink} />;
}

type BeginScreenProps = {
  heading: string;
  source: SessionSource | null;
  session: ReturnType<typeof useSession>;
  isOnline: boolean;
  backLink: ReactNode;
  onStart: (entries: SessionEntry[], timerSeconds: TimerSeconds) => void;
};

/** No run yet: the live session order, every entry (the beginning screen chooses how many). */
function SessionBeginScreen({ heading, source, session, isOnline, backLink, onStart }: BeginScreenProps) {
  const { t } = useTranslation();
  const entries = useSessionEntries(source, { all: true });
  const sessionSize = useSessionSize();
  if (!entries || entries.length === 0 || sessionSize === undefined) {
    return <SessionNotice heading={heading} session={session} isEmpty={entries?.length === 0} isOnline={isOnline} backLink={backLink} />;
  }
  // The biblical prayers and a list's are prayers, not requests (issue #49, review m8).
  const noun = source?.kind === 'biblical' || source?.kind === 'list' ? 'prayer' : 'request';
  return (
    <SessionBegin
      heading={heading}
      noun={noun}
      available={entries.length}
      sessionSize={sessionSize}
      initialTimer={lastTimerChoice()}
      todayLine={<p className="prayer-session__today">{t(noun === 'prayer' ? 'guidedSession.beginPrayers.available' : 'guidedSession.begin.available', { count: entries.length })}</p>}
      onStart={(count, timerSeconds) => onStart(entries.slice(0, count), timerSeconds)}
    />
  );
}

type EndScreenProps = {
  finished: NonNullable<SessionRunState['finished']>;
  seed: number;
  todayPrayerCount: number;
  isOffline: boolean;
  onAgain: () => void;
};

function SessionEndScreen({ finished, seed, todayPrayerCount, isOffline, onAgain }: EndScreenProps) {
  const { t } = useTranslation();
  const streak = useSessionStreak(todayPrayerCount > 0);
  useEffect(() => {
    // Online, the streak may reach back further than this device knows: best effort.
    if (!isOffline) void pulls.statistics().catch(() => undefined);
  }, [isOffline]);
  return (
    <SessionEnd
      itemsPrayed={finished.itemsPrayed}
      skipped={finished.skipped}
      durationSeconds={finished.durationSeconds}
      todayPrayerCount={todayPrayerCount}
      streak={streak}
      seed={seed}
      isOffline={isOffline}
      onAgain={onAgain}
      doneLink={
        <Link to="/pray" className="button button--secondary">
          {t('guidedSession.end.done')}
        </Link>
      }
    />
  );
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
