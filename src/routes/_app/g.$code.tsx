// '/g/{code}' (issue #28 item 2; docs/product.md §11 'Joining'): an invite link. A visitor with no
// session goes through the landing first, as a shared post's link does (the welcome check carries
// ?next=), and comes back here as a guest or a member. The page previews the group (GET
// invite/{code}: name, description, members) and offers "Join group" (joinGroup with the preview,
// so the group shows at once, offline too once previewed), then opens the group. An expired or
// used-up link still shows the group and offers "Ask to join", and so does the link to a member an
// admin removed, who is told so (issue #49 major 4); a rotated or unknown one says the link no
// longer works. The card says who invited them (./-invite-card.tsx, issue #49 major 5). The texts come with the route (src/i18n/load-group-texts.ts).
import { useCallback, useEffect, useState } from 'react';
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ApiInvitePreview } from '../../../common/group-contract';
import { useGroup } from '../../db/group-queries';
import { lazyCommand } from '../../commands/lazy';
import { loadGroupTexts } from '../../i18n/load-group-texts';
import { bannerMessage } from '../../components/api-error';
import { useBanner } from '../../components/banner-provider';
import { useChangeToast } from '../-change-toast';
import { InviteCard } from '../-invite-card';
import { groupChangeTexts } from './group/-group-texts';
import { useAskToJoin } from './group/-ask-to-join';
import { readInvite, type InviteState } from './group/-invite-preview';

const joinGroup = lazyCommand('joinGroup');

export const Route = createFileRoute('/_app/g/$code')({
  loader: loadGroupTexts,
  component: InviteScreen,
});

function useInvite(code: string): { state: InviteState; retry: () => void } {
  const [state, setState] = useState<{ code: string; state: InviteState }>({ code, state: { kind: 'loading' } });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let isCurrent = true;
    void readInvite(code).then((next) => {
      if (isCurrent) setState({ code, state: next });
    });
    return () => {
      isCurrent = false;
    };
  }, [code, attempt]);
  const retry = useCallback(() => {
    setState({ code, state: { kind: 'loading' } });
    setAttempt((n) => n + 1);
  }, [code]);
  return { state: state.code === code ? state.state : { kind: 'loading' }, retry };
}

function InviteScreen() {
  const { t } = useTranslation();
  const { code } = Route.useParams();
  const { state, retry } = useInvite(code);
  return (
    <section className="group-invite-page" aria-labelledby="invite-heading" aria-busy={state.kind === 'loading'}>
      <title>{`${t('groups.screens.invite.title')} · ${t('app.name')}`}</title>
      {state.kind === 'preview' ? <InvitePreview code={code} preview={state.preview} /> : <InviteProblem state={state} onRetry={retry} />}
    </section>
  );
}

function InviteProblem({ state, onRetry }: { state: Exclude<InviteState, { kind: 'preview' }>; onRetry: () => void }) {
  const { t } = useTranslation();
  if (state.kind === 'loading') {
    return (
      <h1 id="invite-heading" className="feed__heading">
        {t('groups.screens.invite.loading')}
      </h1>
    );
  }
  const [title, text] =
    state.kind === 'gone'
      ? [t('groups.screens.invite.goneTitle'), t('groups.screens.invite.goneText')]
      : state.kind === 'offline'
        ? [t('groups.screens.invite.offlineTitle'), t('groups.screens.invite.offlineText')]
        : [t('groups.screens.invite.title'), t('groups.screens.invite.failedText')];
  return (
    <>
      <h1 id="invite-heading" className="feed__heading">
        {title}
      </h1>
      <p className="feed__note">{text}</p>
      <div className="group-invite-page__actions">
        {state.kind !== 'gone' && (
          <button type="button" className="button button--primary" onClick={onRetry}>
            {t('groups.screens.invite.retry')}
          </button>
        )}
        <Link to="/community" className="button button--secondary">
          {t('groups.screens.invite.community')}
        </Link>
      </div>
    </>
  );
}

function InvitePreview({ code, preview }: { code: string; preview: ApiInvitePreview }) {
  const { t } = useTranslation();
  const { group } = preview;
  const held = useGroup(group.id);
  const isMember = held !== undefined && held !== null;
  return (
    <>
      <InviteCard preview={preview} />
      {held === undefined ? null : isMember ? (
        <>
          <p>{t('groups.screens.invite.member')}</p>
          <div className="group-invite-page__actions">
            <Link to="/group/$groupId" params={{ groupId: String(group.id) }} className="button button--primary">
              {t('groups.screens.invite.open')}
            </Link>
          </div>
        </>
      ) : preview.joinable ? (
        <JoinAction code={code} preview={preview} />
      ) : (
        <AskToJoin groupId={group.id} reason={preview.reason} />
      )}
    </>
  );
}

function JoinAction({ code, preview }: { code: string; preview: ApiInvitePreview }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const banner = useBanner();
  const announce = useChangeToast();
  const [isBusy, setBusy] = useState(false);
  const join = async () => {
    setBusy(true);
    try {
      await announce(() => joinGroup(code, preview.group), groupChangeTexts(t, 'joined'));
      await navigate({ to: '/group/$groupId', params: { groupId: String(preview.group.id) } });
    } catch (err) {
      banner.show({ kind: 'error', text: bannerMessage(err, t, t('groups.screens.invite.joinFailed')) });
      setBusy(false);
    }
  };
  return (
    <div className="group-invite-page__actions">
      <button type="button" className="button button--primary" disabled={isBusy} onClick={() => void join()}>
        {t('groups.screens.invite.join')}
      </button>
    </div>
  );
}

/** Why the link admits nobody now: a member an admin removed is told so (issue #49 major 4). */
const REASON_TEXT = {
  expired: 'groups.screens.invite.expired',
  used_up: 'groups.screens.invite.usedUp',
  removed: 'groups.screens.invite.removed',
} as const;

function AskToJoin({ groupId, reason }: { groupId: number; reason: ApiInvitePreview['reason'] }) {
  const { t } = useTranslation();
  const { state, ask } = useAskToJoin(groupId);
  return (
    <>
      <p>{t(REASON_TEXT[reason ?? 'expired'])}</p>
      <p>{t('groups.screens.invite.askLead')}</p>
      <div className="group-invite-page__actions">
        {state === 'asked' ? (
          <p role="status">{t('groups.screens.asked')}</p>
        ) : (
          <button type="button" className="button button--primary" disabled={state === 'busy'} onClick={ask}>
            {t('groups.screens.invite.ask')}
          </button>
        )}
      </div>
    </>
  );
}
