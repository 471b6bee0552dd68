// '/': the landing page, no layout. With a member or guest token it goes straight to the
// community (docs/product.md §2), or to where a visitor was going (?next=, issue #13 point 3: the link of a
// shared post, checked by safeNextPath). A visitor who opened a shared post is told so.
import { Suspense, lazy, type ReactNode } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LandingActions } from '../components/landing-actions';
import { skipWhenSignedIn } from './-checks';
import { FlameIcon } from '../components/icons';
import { LanguageSwitcher } from '../components/language-switcher';
import { invitePathCode, isSharedPostPath, nextSearch, safeNextPath } from '../state/route-checks';
import { loadGroupTexts } from '../i18n/load-group-texts';
import '../styles/share.css';

export const Route = createFileRoute('/')({
  validateSearch: nextSearch,
  beforeLoad: skipWhenSignedIn,
  component: Landing,
});

/** Issue #49 major 5: an invite link's landing, with the group screens' words (neither in the first load). */
const InviteLanding = lazy(() => Promise.all([import('./-invite-landing'), loadGroupTexts()]).then(([module]) => ({ default: module.InviteLanding })));

function Landing() {
  const { t } = useTranslation();
  // Checked again here: what reaches the landing's links and the guest button is a path of this app.
  const next = safeNextPath(Route.useSearch().next) ?? undefined;
  const inviteCode = invitePathCode(next);
  if (inviteCode !== null && next !== undefined) {
    return (
      <LandingFrame>
        <Suspense fallback={<h1 className="landing__heading">{t('app.name')}</h1>}>
          <InviteLanding code={inviteCode} next={next} />
        </Suspense>
      </LandingFrame>
    );
  }
  return (
    <LandingFrame>
      <h1 className="landing__heading">{t('landing.heading')}</h1>
      {isSharedPostPath(next) && (
        <div className="landing__shared" role="note">
          <p className="landing__shared-title">{t('share.sharedWithYou')}</p>
          <p className="landing__shared-lead">{t('share.sharedWithYouLead')}</p>
        </div>
      )}
      <p className="landing__intro">{t('landing.intro')}</p>
      <ul className="landing__points">
        <li>{t('landing.pointShare')}</li>
        <li>{t('landing.pointPray')}</li>
        <li>{t('landing.pointOffline')}</li>
      </ul>
      <LandingActions next={next} />
    </LandingFrame>
  );
}

/** The landing's frame: its title, the language switcher, the mark and the name; the page's own words inside. */
function LandingFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <main className="landing" id="main">
      <title>{t('landing.title')}</title>
      <div className="landing__tools">
        <LanguageSwitcher />
      </div>
      <div className="landing__inner">
        <span className="landing__mark" aria-hidden="true">
          <FlameIcon size={40} />
        </span>
        <p className="landing__name">{t('app.name')}</p>
        {children}
      </div>
    </main>
  );
}
