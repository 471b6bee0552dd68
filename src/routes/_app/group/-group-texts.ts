// Small helpers of the group screens (issue #28; docs/product.md §11): the change toasts of group
// commands, in the words of the sync feedback (a group is masculine in Portuguese and Spanish).
import type { TFunction } from 'i18next';
import type { ChangeTexts } from '../../-change-toast';

type GroupChange = 'created' | 'joined' | 'left' | 'asked';

/** "Group created." followed by where the change stands (saved here, sending, sent). */
export function groupChangeTexts(t: TFunction, change: GroupChange): ChangeTexts {
  const action = t(`groups.screens.${change}`);
  return {
    waiting: `${action} ${t('syncFeedback.delivery.m.waiting')}`,
    sending: `${action} ${t('syncFeedback.delivery.m.sending')}`,
    sent: `${action} ${t('syncFeedback.delivery.m.sent')}`,
    local: action,
  };
}

/** The app's address of an invite code (docs/api.md 'Prayer groups': `/g/<code>`). */
export function inviteUrl(code: string, origin: string = typeof window === 'undefined' ? '' : window.location.origin): string {
  return `${origin}/g/${encodeURIComponent(code)}`;
}
