// The lines of the guest's logout warning (issue #12 point 7): one per kind of thing that would
// be lost, counted with i18next's plural rules; none for a kind with nothing in it.
import type { TFunction } from 'i18next';
import type { GuestLoss } from '../db/guest-loss';

export function guestLossLines(loss: GuestLoss, t: TFunction<'translation', undefined>): string[] {
  const lines: string[] = [];
  if (loss.posts > 0) lines.push(t('guest.lossPosts', { count: loss.posts }));
  if (loss.prayers > 0) lines.push(t('guest.lossPrayers', { count: loss.prayers }));
  if (loss.lists > 0) lines.push(t('guest.lossLists', { count: loss.lists }));
  if (loss.queued > 0) lines.push(t('guest.lossQueued', { count: loss.queued }));
  return lines;
}
