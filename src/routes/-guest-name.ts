// A guest chooses the name shown with what they share (issue #26 point 3): a text dialog from the
// account menu, sent as PUT user/profile {name} through the outbox like a member's profile edit
// (the server accepts a guest's name and nothing else of a profile). Until then, and if they
// clear it, others see "Guest 4821" in their own language (src/i18n/person-name.ts).
import type { TFunction } from 'i18next';
import { lazyCommand } from '../commands/lazy';
import type { TextDialogSpec } from '../components/text-dialog';
import { changeTexts, type useChangeToast } from './-change-toast';

const updateProfile = lazyCommand('updateProfile');

/** The same limit as the server's profile name (server/http/account-schemas.ts). */
const NAME_MAX = 100;

/** `current`: the name chosen (may be ''); `shown`: what others see now ("Invitado 8190" while none is chosen). */
export function guestNameSpec(current: string, shown: string, t: TFunction, announce: ReturnType<typeof useChangeToast>): TextDialogSpec {
  return {
    title: t('account.chooseName'),
    description: t('account.chooseNameHint'),
    label: t('account.nameLabel'),
    initialValue: current,
    max: NAME_MAX,
    emptyMessage: t('account.nameEmpty'),
    submitLabel: t('account.nameSave'),
    draftTarget: null,
    // One line, Enter saves, the name others see now as its placeholder (issue #49, review m6).
    line: { placeholder: shown },
    onSubmit: async (name) => {
      await announce(() => updateProfile({ name }), changeTexts(t, 'nameSaved'));
    },
  };
}
