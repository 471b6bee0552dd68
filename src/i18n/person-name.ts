// How a person is named on screen (issue #26 points 3 and 8): the name they chose, or for a guest
// who has none "Guest 4821" / "Visitante 4821" / "Invitado 4821" in the viewer's language, with the
// number the server's push texts use too (common/guest-name.ts). Never a username: those are
// machine-made ("mary_review.89f2515989") and only addresses use them.
import type { TFunction } from 'i18next';
import { guestNumber } from '../../common/guest-name';

export function personName(person: { id: number | null; name: string }, t: TFunction): string {
  if (person.name.trim() !== '') return person.name;
  return person.id === null ? t('notifications.someone') : t('account.guestName', { number: guestNumber(person.id) });
}
