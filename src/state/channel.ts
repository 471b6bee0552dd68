// docs/product.md §4 channel and language: kept in a cookie (365 days) and in state (`meta`, read by the
// worker for the channel headers and by useFeed). The browser language maps to a supported
// language, else English (channel 1).
import { CHANNEL_COOKIE_DAYS, DEFAULT_CHANNEL_ID } from '../../common/constants';
import { CHANNELS, type ChannelId } from '../../common/contract';
import { getMeta, setMeta } from '../model/meta';
import type { ChannelMeta } from '../model/meta-types';
import { channelById } from '../db/reads';
import { CHANNEL_COOKIE, LANG_COOKIE, readCookie, writeCookie } from './cookies';
import { splitLocalePrefix } from '../i18n/locale-prefix';

/** The channel of the first browser language we support; else the default (docs/product.md §9). */
function detectChannel(languages: readonly string[]): ChannelMeta {
  for (const language of languages) {
    const code = language.toLowerCase().split('-')[0];
    const channel = CHANNELS.find((c) => c.code === code);
    if (channel) return channelById(channel.id);
  }
  return channelById(DEFAULT_CHANNEL_ID);
}

function browserLanguages(): readonly string[] {
  return typeof navigator === 'undefined' ? [] : navigator.languages;
}

async function store(channel: ChannelMeta): Promise<ChannelMeta> {
  writeCookie(CHANNEL_COOKIE, String(channel.channelId), CHANNEL_COOKIE_DAYS);
  writeCookie(LANG_COOKIE, channel.lang, CHANNEL_COOKIE_DAYS);
  await setMeta('channel', channel);
  return channel;
}

/** The channel a locale prefix of the address names ('/pt/...'), if any. */
function addressChannelId(): ChannelId | null {
  if (typeof location === 'undefined') return null;
  const { locale } = splitLocalePrefix(location.pathname);
  return CHANNELS.find((c) => c.locale === locale)?.id ?? null;
}

/**
 * At startup: the address's locale prefix (as src/main.tsx chose the first paint's language), the
 * cookie, else what is stored, else the browser language. The prefix is read here too, not only
 * through the cookie main.tsx writes: a browser that refuses cookies (issue #23 point 3) would
 * otherwise switch a '/pt' page to the browser's language.
 */
export async function initChannel(): Promise<ChannelMeta> {
  const fromAddress = addressChannelId();
  if (fromAddress !== null) return store(channelById(fromAddress));
  const cookie = Number(readCookie(CHANNEL_COOKIE));
  if (CHANNELS.some((c) => c.id === cookie)) return store(channelById(cookie));
  return store((await getMeta('channel')) ?? detectChannel(browserLanguages()));
}

/**
 * docs/product.md §4 logout resets the channel locale: to the language the address names (its /pt or /es
 * prefix, issue #12: after a logout on /pt the landing showed English), else what the browser asks for.
 */
export async function resetChannel(addressLocale: string | null = null): Promise<ChannelMeta> {
  return store(detectChannel(addressLocale === null ? browserLanguages() : [addressLocale, ...browserLanguages()]));
}

/**
 * Switches channel locally; syncing it to the user record (PUT user/channel) is a later op. The
 * new-posts cursor belongs to the old channel's feed, so it starts over.
 */
export async function storeChannel(id: ChannelId): Promise<ChannelMeta> {
  const previous = await getMeta('channel');
  if (previous?.channelId !== id) {
    await setMeta('feedSince', null);
    await setMeta('newCount', 0);
  }
  return store(channelById(id));
}
