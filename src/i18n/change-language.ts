// The one place the interface language changes on request (the language switchers): i18next, the
// channel (cookies for 365 days + state, docs/product.md §4, §9) and the locale prefix of the address
// (docs/product.md §10) move together. With a session (member or guest: both have a user record), the
// choice is synced to that record through the outbox ('user.locale' and 'user.channel',
// docs/architecture/sync-protocol.md 'Outbox and sync protocol'), so a switch made offline reaches
// the server once the network returns.
import { CHANNELS } from '../../common/contract';
import { lazyCommand } from '../commands/lazy';
import { hasAnyToken, setChannel } from '../state';
import { i18next } from './index';
import { addLocalePrefix, type ChannelLocale } from './locale-prefix';

const setUserLocale = lazyCommand('setUserLocale');
const setUserChannel = lazyCommand('setUserChannel');

export async function changeLanguage(locale: ChannelLocale): Promise<void> {
  const channel = CHANNELS.find((c) => c.locale === locale);
  if (!channel) return;
  await i18next.changeLanguage(locale);
  await setChannel(channel.id);
  if (!hasAnyToken()) return;
  await setUserLocale(locale);
  await setUserChannel(channel.id);
}

/** The current address re-prefixed for `locale`, to replace the history entry with. */
export function localizedHref(location: Pick<Location, 'pathname' | 'search' | 'hash'>, locale: ChannelLocale): string {
  return `${addLocalePrefix(location.pathname, locale)}${location.search}${location.hash}`;
}
