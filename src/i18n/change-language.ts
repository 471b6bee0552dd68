// The one place the interface language changes on request (the language switchers): i18next, the
// channel (cookies + state, SPEC §4) and the locale prefix of the address (DESIGN §7) move together.
import { CHANNELS } from '../../common/contract';
import { setChannel } from '../state';
import { i18next } from './index';
import { addLocalePrefix, type ChannelLocale } from './locale-prefix';

export async function changeLanguage(locale: ChannelLocale): Promise<void> {
  const channel = CHANNELS.find((c) => c.locale === locale);
  if (!channel) return;
  await i18next.changeLanguage(locale);
  // Cookies and local state now; syncing PUT user/channel and user/locale to the member's record
  // is the sync engine's op, and it belongs on this line, the single call site.
  await setChannel(channel.id);
}

/** The current address re-prefixed for `locale`, to replace the history entry with. */
export function localizedHref(location: Pick<Location, 'pathname' | 'search' | 'hash'>, locale: ChannelLocale): string {
  return `${addLocalePrefix(location.pathname, locale)}${location.search}${location.hash}`;
}
