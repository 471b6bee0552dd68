// The landing a new visitor reaches from an invite link (issue #49 major 5; docs/product.md §11
// 'Joining'): instead of the generic page, the invite's card (./-invite-card.tsx: who invited them,
// the group's picture, name and member count), then Join as guest (a guest session, then the join,
// then the group), Create account or Log in (each comes back to the link), in the visitor's
// language. A link that no longer works says so at once. Loaded by the landing ('/', index.tsx)
// only when it carries an invite link, with the group screens' texts.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyCommand } from '../commands/lazy';
import { LandingActions } from '../components/landing-actions';
import { InviteCard } from './-invite-card';
import { readInvite, type InviteState } from './_app/group/-invite-preview';

const joinGroup = lazyCommand('joinGroup');

function useInviteRead(code: string): InviteState {
  const [state, setState] = useState<InviteState>({ kind: 'loading' });
  useEffect(() => {
    let isCurrent = true;
    void readInvite(code).then((next) => {
      if (isCurrent) setState(next);
    });
    return () => {
      isCurrent = false;
    };
  }, [code]);
  return state;
}

export function InviteLanding({ code, next }: { code: string; next: string }) {
  const { t } = useTranslation();
  const state = useInviteRead(code);
  if (state.kind === 'loading') {
    return (
      <h1 id="invite-heading" className="landing__heading" aria-busy="true">
        {t('groups.screens.invite.loading')}
      </h1>
    );
  }
  if (state.kind !== 'preview') {
    return (
      <>
        <h1 id="invite-heading" className="landing__heading">
          {state.kind === 'gone' ? t('groups.screens.invite.goneTitle') : t('groups.screens.invite.title')}
        </h1>
        <p className="landing__intro">{state.kind === 'gone' ? t('groups.screens.invite.goneText') : t('groups.screens.invite.failedText')}</p>
        <LandingActions />
      </>
    );
  }
  const { preview } = state;
  const labels = { guest: t('groups.screens.invite.joinAsGuest'), register: t('groups.screens.invite.createAccount'), login: t('groups.screens.invite.logIn') };
  // A guest joins at once when the link admits them; otherwise the link's page offers "Ask to join".
  const afterGuest = async () => {
    if (!preview.joinable) return next;
    await joinGroup(code, preview.group);
    return `/group/${String(preview.group.id)}`;
  };
  return (
    <div className="group-invite-page">
      <InviteCard preview={preview} />
      <p className="landing__intro">{t('groups.screens.invite.accountLead')}</p>
      <LandingActions next={next} labels={labels} afterGuest={afterGuest} />
    </div>
  );
}
