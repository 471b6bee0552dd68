// A tap made before the commands could load (offline before the service worker controls the page)
// is held in memory and runs once they load (src/commands/lazy.ts). Until then this notice, above
// every screen, says the action is kept and what to do: keep the app open, as closing it would
// lose what is held. It goes away by itself once the held actions have run.
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { heldCommands } from '../commands/lazy';

function HeldActionsNoticeView({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <div className="storage-notice" role="status" data-testid="held-actions-notice">
      <p className="storage-notice__text">{t('syncFeedback.held.kept', { count })}</p>
    </div>
  );
}

export function HeldActionsNotice() {
  const count = useSyncExternalStore(heldCommands.subscribe, heldCommands.count, () => 0);
  return count > 0 ? <HeldActionsNoticeView count={count} /> : null;
}
