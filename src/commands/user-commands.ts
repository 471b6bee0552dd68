// Commands on the user record (docs/product.md §7 User): settings and prayer sessions, sent through the
// outbox like every write (docs/architecture/sync-protocol.md 'Outbox and sync protocol' 'locale /
// channel changes'), so they work offline.
import { LOCALES, SESSION_ITEMS_QTD, USERNAME_PATTERN, type Locale } from '../../common/account-contract';
import type { ProfileEditBody } from '../model/outbox-types';
import { CHANNELS } from '../../common/contract';
import { fieldError } from './command-error';
import { commit, newEntry } from './commit';

function sessionSize(qtd: number): number {
  if (!Number.isInteger(qtd) || qtd < SESSION_ITEMS_QTD.min || qtd > SESSION_ITEMS_QTD.max) {
    throw fieldError('qtd', `Choose between ${SESSION_ITEMS_QTD.min} and ${SESSION_ITEMS_QTD.max}.`);
  }
  return qtd;
}

/** 'user.todaySession': starts (or resumes) today's prayer session, optionally of `itemsQtd` items. */
export async function startTodaySession(itemsQtd?: number): Promise<void> {
  const body = itemsQtd === undefined ? {} : { items_qtd: sessionSize(itemsQtd) };
  await commit(async () => newEntry('user.todaySession', {}, body));
}

export type FinishedSession = { itemsPrayed: number; durationSeconds: number; finishedAt?: Date };

/** 'user.sessionFinished': finished_at is the moment here, so a session prayed offline keeps its day. */
export async function finishSession(session: FinishedSession): Promise<void> {
  const finishedAt = (session.finishedAt ?? new Date()).toISOString();
  const body = { items_prayed: Math.max(0, Math.round(session.itemsPrayed)), duration_seconds: Math.max(0, Math.round(session.durationSeconds)), finished_at: finishedAt };
  await commit(async () => newEntry('user.sessionFinished', {}, body));
}

/** 'user.locale' (docs/product.md §4: the language can be synced to the user record). */
export async function setUserLocale(locale: Locale): Promise<void> {
  if (!LOCALES.includes(locale)) throw fieldError('locale', 'Choose a supported language.');
  await commit(async () => newEntry('user.locale', {}, { locale }));
}

/** 'user.channel' (docs/product.md §4: the channel can be synced to the user record). */
export async function setUserChannel(channelId: number): Promise<void> {
  if (!CHANNELS.some((channel) => channel.id === channelId)) throw fieldError('channel_id', 'Choose a channel.');
  await commit(async () => newEntry('user.channel', {}, { channel_id: channelId }));
}

/** 'user.prayerSessionItemsQtd': how many items a prayer session holds (1..50). */
export async function setSessionItemsQtd(qtd: number): Promise<void> {
  const size = sessionSize(qtd);
  await commit(async () => newEntry('user.prayerSessionItemsQtd', {}, { qtd: size }));
}

/**
 * 'user.profile': the public profile fields (docs/product.md §3 User: name, nickname, username, img_show).
 * Checked here as the server checks them (docs/api.md), so an offline edit is refused at once
 * rather than later; uniqueness only the server can tell.
 */
export async function updateProfile(change: ProfileEditBody): Promise<void> {
  const body: ProfileEditBody = { ...change };
  if (body.name !== undefined) {
    body.name = body.name.trim();
    if (body.name.length < 1 || body.name.length > 100) throw fieldError('name', 'Enter a name of up to 100 characters.');
  }
  if (body.username !== undefined) {
    body.username = body.username.trim().toLowerCase();
    if (!USERNAME_PATTERN.test(body.username)) throw fieldError('username', 'Use 3 to 30 letters, digits, dots or underscores, with at least one letter.');
  }
  if (typeof body.nickname === 'string') {
    body.nickname = body.nickname.trim();
    if (body.nickname.length > 50) throw fieldError('nickname', 'Keep it under 50 characters.', 'validation.too_long', { max: 50 });
  }
  await commit(async () => newEntry('user.profile', {}, body));
}
