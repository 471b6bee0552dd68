// '/settings/hidden' (issue #12 item 8): the people whose posts the viewer hid ("Hide posts from
// this person" on a post's menu), each shown by name with "Show again". The list is local first
// (meta.hiddenPeople, offline too); it is refreshed from the server when the screen opens, so a
// choice made on another device shows here. "Show again" goes through the outbox like the hide.
import { createFileRoute, Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiUserSummary } from '../../../../common/contract';
import { showPerson } from '../../../commands';
import { bannerMessage } from '../../../components/api-error';
import { useBanner } from '../../../components/banner-provider';
import { ProfilePicture } from '../../../components/profile-picture';
import { useHiddenPeople } from '../../../db/account-queries';
import { refreshHiddenPeople } from '../../../state';
import { SettingsPage, SettingsSectionBox } from '../../-settings-page';

export const Route = createFileRoute('/_settings/settings/hidden')({ component: HiddenPeopleScreen });

function HiddenPeopleScreen() {
  const { t } = useTranslation();
  const people = useHiddenPeople();
  useEffect(() => {
    // Offline or refused: the local list stands.
    refreshHiddenPeople().catch(() => undefined);
  }, []);
  return (
    <SettingsPage section="hidden" lead={t('reporting.hiddenLead')}>
      <SettingsSectionBox title={t('reporting.hiddenTitle')}>
        {people === undefined ? null : people.length === 0 ? (
          <div className="settings-empty">
            <p>{t('reporting.hiddenNone')}</p>
            <Link to="/community" className="button button--secondary">
              {t('reporting.backToCommunity')}
            </Link>
          </div>
        ) : (
          <ul className="settings-stack" aria-label={t('reporting.hiddenTitle')}>
            {people.map((person) => (
              <HiddenPersonRow key={person.id} person={person} />
            ))}
          </ul>
        )}
      </SettingsSectionBox>
    </SettingsPage>
  );
}

function HiddenPersonRow({ person }: { person: ApiUserSummary }) {
  const { t } = useTranslation();
  const banner = useBanner();
  const show = () => {
    showPerson(person).then(
      () => banner.show({ kind: 'success', text: t('reporting.shownAgain', { name: person.name }) }),
      (err: unknown) => banner.show({ kind: 'error', text: bannerMessage(err, t, t('post.actionFailed')) }),
    );
  };
  return (
    <li className="settings-row hidden-person">
      <ProfilePicture name={person.name} avatar={person.avatar} size={40} />
      <p className="hidden-person__name" id={`hidden-person-${person.id}`}>
        {person.name}
      </p>
      <button type="button" className="button button--secondary" aria-describedby={`hidden-person-${person.id}`} onClick={show}>
        {t('reporting.showAgain')}
      </button>
    </li>
  );
}
