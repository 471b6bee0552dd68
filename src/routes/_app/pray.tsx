// '/pray' (docs/product.md §2, welcome check): choose what to pray for: a quick session, the community's
// requests, the biblical prayers, my bookmarks and my own requests (members; issue #13 point 4),
// or one of my lists; today's count; the session size (the guided session's default count). Works
// offline from what the worker prefetched (worker/prefetch.ts); online it refreshes the two post
// feeds (docs/product.md §7 post/session/quick|community) when the screen opens.
import { useEffect, useId, useState, type ReactNode } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useBiblicalPrayers, useMyLists } from '../../db/list-queries';
import { usePostSessionCounts, useSavedSessionCounts, useSession, useSessionSize } from '../../db/queries';
import { setSessionItemsQtd } from '../../commands';
import { pulls, syncEngine } from '../../sync/client';
import { useBanner } from '../../components/banner-provider';
import { changeTexts, useChangeToast } from '../-change-toast';
import { bannerMessage } from '../../components/api-error';
import { SESSION_ITEMS_QTD } from '../../../common/account-contract';
import { SessionStartLink, type SessionLinkSearch } from '../../session/start-link';

export const Route = createFileRoute('/_app/pray')({ component: PrayScreen });

function PrayScreen() {
  const { t } = useTranslation();
  const session = useSession();
  useRefreshPostSessions();
  return (
    <section className="pray" aria-labelledby="pray-heading">
      <title>{`${t('prayer.pray.title')} · ${t('app.name')}`}</title>
      <h1 id="pray-heading" className="pray__heading">
        {t('prayer.pray.heading')}
      </h1>
      <p className="pray__lead">{t('prayer.pray.lead')}</p>
      <p className="pray__today" data-testid="pray-today">
        {t('prayer.pray.today', { count: session.todayPrayerCount })}
      </p>
      <SessionSources />
      <MyListSources />
      <SessionSizeSetting />
    </section>
  );
}

function useRefreshPostSessions() {
  useEffect(() => {
    if (!navigator.onLine) return;
    // Best effort: offline or refused, the screen shows what is stored.
    void pulls.postSession('quick').catch(() => undefined);
    void pulls.postSession('community').catch(() => undefined);
    // My lists and their items (docs/architecture/sync-protocol.md 'Outbox and sync protocol'
    // prefetch): the worker prefetches at start, which for someone who just logged in was still a
    // visitor's, so the member's lists come now.
    void syncEngine()
      .then((engine) => engine.prefetch())
      .catch(() => undefined);
  }, []);
}

function SourceLink({ children, hint, detail, search }: { children: ReactNode; hint: string; detail: string | null; search: SessionLinkSearch }) {
  return (
    <li>
      <SessionStartLink search={search} className="pray-source">
        <span className="pray-source__name">{children}</span>
        <span className="pray-source__hint">{hint}</span>
        {detail && <span className="pray-source__detail">{detail}</span>}
      </SessionStartLink>
    </li>
  );
}

function SessionSources() {
  const { t } = useTranslation();
  const session = useSession();
  const counts = usePostSessionCounts();
  const biblical = useBiblicalPrayers();
  const ready = (count: number | null | undefined) =>
    count === undefined ? t('prayer.pray.loading') : count === null ? t('prayer.pray.notLoaded') : t('prayer.pray.ready', { count });
  return (
    <section className="pray__group" aria-labelledby="pray-sources-heading">
      <h2 id="pray-sources-heading" className="pray__subheading">
        {t('prayer.pray.sourcesHeading')}
      </h2>
      <ul className="pray__sources">
        <SourceLink search={{ source: 'quick' }} hint={t('prayer.pray.quickHint')} detail={ready(counts?.quick)}>
          {t('prayer.pray.quick')}
        </SourceLink>
        <SourceLink search={{ source: 'community' }} hint={t('prayer.pray.communityHint')} detail={ready(counts?.community)}>
          {t('prayer.pray.community')}
        </SourceLink>
        <SourceLink search={{ source: 'biblical' }} hint={t('prayer.pray.biblicalHint')} detail={biblical ? t('prayer.pray.listItems', { count: biblical.length }) : null}>
          {t('prayer.pray.biblical')}
        </SourceLink>
        {session.kind === 'member' && <SavedSources />}
      </ul>
    </section>
  );
}

/** Bookmarks and my own requests (docs/product.md §7 post/session/bookmark, post/session/my-prayers): members only, as their screens. */
function SavedSources() {
  const { t } = useTranslation();
  const counts = useSavedSessionCounts();
  const ready = (count: number | undefined) => (count === undefined ? t('prayer.pray.loading') : t('prayer.pray.ready', { count }));
  return (
    <>
      <SourceLink search={{ source: 'bookmarks' }} hint={t('guidedSession.pray.bookmarksHint')} detail={ready(counts?.bookmarks)}>
        {t('guidedSession.pray.bookmarks')}
      </SourceLink>
      <SourceLink search={{ source: 'my-prayers' }} hint={t('guidedSession.pray.myPrayersHint')} detail={ready(counts?.myPrayers)}>
        {t('guidedSession.pray.myPrayers')}
      </SourceLink>
    </>
  );
}

function MyListSources() {
  const { t } = useTranslation();
  const lists = useMyLists();
  return (
    <section className="pray__group" aria-labelledby="pray-lists-heading">
      <h2 id="pray-lists-heading" className="pray__subheading">
        {t('prayer.pray.myListsHeading')}
      </h2>
      {!lists && <p className="pray__note">{t('prayer.pray.loading')}</p>}
      {lists?.length === 0 && <p className="pray__note">{t('prayer.pray.noLists')}</p>}
      {lists && lists.length > 0 && (
        <ul className="pray__sources">
          {lists.map((list) => (
            <SourceLink key={list.id} search={{ list: list.id }} hint={t('prayer.pray.listItems', { count: list.shownItemCount })} detail={null}>
              {list.name}
            </SourceLink>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The sizes offered, as the session's beginning offers its counts (issue #49, review m11: a 1-50
 * drop-down was a long list to scroll for one number); a size chosen before that is not among them
 * is offered too.
 */
const PRESET_SIZES = [3, 5, 10, 20] as const;

function sizesWith(size: number | undefined): number[] {
  const sizes: number[] = [...PRESET_SIZES];
  if (size !== undefined && size >= SESSION_ITEMS_QTD.min && size <= SESSION_ITEMS_QTD.max && !sizes.includes(size)) sizes.push(size);
  return sizes.sort((a, b) => a - b);
}

function SessionSizeSetting() {
  const { t } = useTranslation();
  const banner = useBanner();
  const announce = useChangeToast();
  const stored = useSessionSize();
  // The choice shows in the frame it is made (docs/product.md: every change is optimistic), before
  // the store's live read brings it back; a refused one falls back to what the store holds.
  // A pick holds until the store moves from what it held when picked (to the pick, or elsewhere).
  const [picked, setPicked] = useState<{ qtd: number; over: number | undefined } | null>(null);
  const size = picked !== null && stored === picked.over ? picked.qtd : stored;
  const id = useId();
  const change = async (qtd: number) => {
    setPicked({ qtd, over: stored });
    try {
      await announce(() => setSessionItemsQtd(qtd), changeTexts(t, 'sessionSize', { count: qtd }));
    } catch (err) {
      setPicked(null);
      banner.show({ kind: 'error', text: bannerMessage(err, t, t('prayer.session.failed')) });
    }
  };
  return (
    <section className="pray__group pray__size">
      <fieldset className="session-begin__group" aria-describedby={`${id}-hint`} disabled={size === undefined}>
        <legend className="pray__subheading">{t('prayer.pray.sizeLabel')}</legend>
        <p id={`${id}-hint`} className="pray__note">
          {t('prayer.pray.sizeHint')}
        </p>
        <div className="session-begin__choices">
          {sizesWith(size).map((qtd) => (
            <label key={qtd} className="session-choice">
              <input type="radio" name={`${id}-size`} value={qtd} checked={size === qtd} onChange={() => void change(qtd)} />
              <span>{qtd}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </section>
  );
}
