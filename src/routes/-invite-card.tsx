// The card an invite link opens on (issue #49 major 5; docs/product.md §11 'Joining'): who invited
// the person, the group's picture, name, description and member count. Shown by /g/<code> and by
// the landing a new visitor reaches from the link (./-invite-landing.tsx), in the visitor's language.
// The texts are the group screens' (src/i18n/load-group-texts.ts), loaded before either shows it.
import { useTranslation } from 'react-i18next';
import type { ApiInvitePreview } from '../../common/group-contract';
import { GroupPicture } from '../components/group-picture';
import { personName } from '../i18n/person-name';

export function InviteCard({ preview }: { preview: ApiInvitePreview }) {
  const { t } = useTranslation();
  const { group, invited_by: inviter } = preview;
  return (
    <>
      <h1 id="invite-heading" className="feed__heading">
        {inviter ? t('groups.screens.invite.invitedBy', { name: personName(inviter, t) }) : t('groups.screens.invite.heading')}
      </h1>
      <article className="group-invite-page__card" aria-labelledby="invite-group-name">
        <div className="group-identity">
          <GroupPicture name={group.name} picture={group.picture} size={56} />
          <h2 id="invite-group-name" className="lists__subheading">
            {group.name}
          </h2>
        </div>
        {group.description && <p className="group-head__about">{group.description}</p>}
        <p className="group-head__meta">{t('groups.screens.members', { count: group.member_count })}</p>
      </article>
    </>
  );
}
