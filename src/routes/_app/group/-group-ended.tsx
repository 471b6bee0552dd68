// The page of a group this device does not hold (issue #49 major 4; docs/product.md §11 'Private'):
// it asks the server once (GET group/{id}, the 'group' pull) and shows what this account may know.
// A member an admin removed reads "An admin removed you from <group>" and may ask to join; one who
// left reads "You left <group>" and how to come back; after asking, where the request stands
// (waiting on this device, or sent), never the button again. Only the group's name is shown. To
// anyone else (never a member, a deleted group) the page is the generic "not found". What was
// learned is kept on the device (src/model/ended-groups.ts), so it shows offline too.
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndedGroup, type ShownEndedGroup } from '../../../db/ended-group-queries';
import { pulls } from '../../../sync/client';
import { useAskToJoin } from './-ask-to-join';

/** True once the server was asked about this group (or there is nothing to ask: a group made here). */
function useServerCheck(groupId: number): boolean {
  const [checked, setChecked] = useState<number | null>(null);
  useEffect(() => {
    if (groupId <= 0) return;
    let isCurrent = true;
    // Offline or failing, what the device holds is what there is.
    void pulls.group(groupId)
      .catch(() => undefined)
      .finally(() => {
        if (isCurrent) setChecked(groupId);
      });
    return () => {
      isCurrent = false;
    };
  }, [groupId]);
  return groupId <= 0 || checked === groupId;
}

export function GroupGone({ groupId, back, missing }: { groupId: number; back: ReactNode; missing: ReactNode }) {
  const { t } = useTranslation();
  const ended = useEndedGroup(groupId);
  const isChecked = useServerCheck(groupId);
  if (ended === undefined || (ended === null && !isChecked)) return <p className="feed__note">{t('groups.screens.page.loading')}</p>;
  if (ended === null) return missing;
  return <EndedMembership groupId={groupId} ended={ended} back={back} />;
}

function EndedMembership({ groupId, ended, back }: { groupId: number; ended: ShownEndedGroup; back: ReactNode }) {
  const { t } = useTranslation();
  const headingId = useId();
  const { state, ask } = useAskToJoin(groupId);
  return (
    <section className="lists group" aria-labelledby={headingId}>
      <title>{`${ended.name} · ${t('app.name')}`}</title>
      {back}
      <h1 id={headingId} className="feed__heading">
        {t(`groups.screens.ended.${ended.reason}`, { group: ended.name })}
      </h1>
      {ended.request === 'none' ? (
        <>
          <p className="feed__note">{t(ended.reason === 'removed' ? 'groups.screens.ended.removedLead' : 'groups.screens.ended.leftLead')}</p>
          <div className="group-invite-page__actions">
            <button type="button" className="button button--primary" disabled={state === 'busy'} onClick={ask}>
              {t('groups.screens.invite.ask')}
            </button>
          </div>
        </>
      ) : (
        <p className="feed__note" role="status">
          {t(`groups.screens.ended.${ended.request}`)}
        </p>
      )}
    </section>
  );
}
