// How an invite link `/g/<code>` unfurls in a messaging app (issue #49 item 3; docs/product.md §11
// 'Joining'): the app shell served for it carries Open Graph and Twitter card tags, with the
// group's name, a line about it and its picture while the link is live (not revoked, not expired,
// not used up, the group not deleted), and for anything else only "This invite link no longer
// works", nothing of the group. A member an admin removed, opening it with their session cookie,
// gets the same neutral tags. Every value is HTML-escaped. The words are the app's
// (src/i18n/locales/areas/groups.ts 'invite'), repeated here because the server cannot import src/.
import { and, eq, isNull } from 'drizzle-orm';
import { CHANNELS } from '../common/contract';
import { INVITE_CODE_PATTERN } from '../common/group-contract';
import type { Db } from './db/client';
import { groupInvites, groupMembers, prayerGroups } from './db/schema/groups';
import { users } from './db/schema/users';
import { inviteClosed } from './domain/group-invites';
import { liveMember, wasRemoved } from './domain/group-members';
import { findSession } from './domain/tokens';

type Words = { gone: string; goneText: string; invited: (name: string) => string; invitedAnon: string; siteName: string };

const WORDS: Record<'en' | 'pt' | 'es', Words> = {
  en: {
    gone: 'This invite link no longer works', goneText: 'Ask the person who invited you for a new link.',
    invited: (name) => `${name} invited you to a prayer group`, invitedAnon: 'You are invited to a prayer group', siteName: 'Prayer Community',
  },
  pt: {
    gone: 'Este link de convite não funciona mais', goneText: 'Peça um novo link a quem convidou você.',
    invited: (name) => `${name} convidou você para um grupo de oração`, invitedAnon: 'Você recebeu um convite para um grupo de oração', siteName: 'Prayer Community',
  },
  es: {
    gone: 'Este enlace de invitación ya no funciona', goneText: 'Pide un enlace nuevo a quien te invitó.',
    invited: (name) => `${name} te invitó a un grupo de oración`, invitedAnon: 'Te invitaron a un grupo de oración', siteName: 'Prayer Community',
  },
};

/** The session cookies the page mirrors its tokens into (src/state/cookies.ts). */
const TOKEN_COOKIES = ['prayer_token', 'prayer_guest_token'];

export type UnfurlDeps = { db: Db; publicUrl: string };

/** The invite code of a `/g/<code>` navigation, with or without a locale prefix (src/i18n/locale-prefix.ts), and its language. */
export function inviteCodeOf(url: string): { code: string; language: 'en' | 'pt' | 'es' } | null {
  const segments = (url.split(/[?#]/)[0] ?? '').split('/').filter((s) => s !== '');
  const channel = CHANNELS.find((c) => c.prefix !== '' && c.prefix === segments[0]?.toLowerCase());
  const rest = channel === undefined ? segments : segments.slice(1);
  if (rest.length !== 2 || rest[0] !== 'g') return null;
  const code = decodeURIComponentSafe(rest[1] ?? '');
  if (code === null || !INVITE_CODE_PATTERN.test(code)) return null;
  return { code, language: channel?.code === 'pt' ? 'pt' : channel?.code === 'es' ? 'es' : 'en' };
}

function decodeURIComponentSafe(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

type Card = { title: string; description: string; image: string | null };

function cookieValues(header: string | undefined): string[] {
  const out: string[] = [];
  for (const part of (header ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name !== undefined && TOKEN_COOKIES.includes(name)) out.push(decodeURIComponentSafe(value.join('=')) ?? '');
  }
  return out.filter((v) => v !== '');
}

/** Whether a session cookie names someone an admin removed from the group (and who is not back). */
async function isRemovedViewer(db: Db, groupId: number, cookieHeader: string | undefined): Promise<boolean> {
  for (const token of cookieValues(cookieHeader)) {
    const session = await findSession(db, token);
    if (session === undefined) continue;
    if ((await liveMember(db, groupId, session.user.id)) === undefined && (await wasRemoved(db, groupId, session.user.id))) return true;
  }
  return false;
}

/** The card a live link shows, or null: unknown, revoked, expired, used up, the group deleted. */
async function liveCard(deps: UnfurlDeps, code: string, words: Words, cookieHeader: string | undefined, now: Date): Promise<Card | null> {
  const { db } = deps;
  const [row] = await db.select({
    invite: groupInvites, name: prayerGroups.name, description: prayerGroups.description, picture: prayerGroups.picture, groupId: prayerGroups.id,
  }).from(groupInvites).innerJoin(prayerGroups, eq(prayerGroups.id, groupInvites.groupId))
    .where(and(eq(groupInvites.code, code), isNull(groupInvites.revokedAt), isNull(prayerGroups.deletedAt))).limit(1);
  if (row === undefined || inviteClosed(row.invite, now) !== null) return null;
  if (await isRemovedViewer(db, row.groupId, cookieHeader)) return null;
  const inviter = row.invite.createdBy === null ? undefined : (await db.select({ name: users.name }).from(users)
    .innerJoin(groupMembers, and(eq(groupMembers.userId, users.id), eq(groupMembers.groupId, row.groupId), isNull(groupMembers.leftAt)))
    .where(and(eq(users.id, row.invite.createdBy), isNull(users.deletedAt))).limit(1))[0];
  const invited = inviter === undefined ? words.invitedAnon : words.invited(inviter.name);
  const description = row.description !== null && row.description.trim() !== '' ? `${invited}. ${row.description.trim()}` : invited;
  return { title: row.name, description, image: row.picture === null ? null : `${deps.publicUrl.replace(/\/$/, '')}${row.picture}` };
}

/** The meta tags for `/g/<code>` (escaped), to go before `</head>`. */
export async function inviteMetaTags(deps: UnfurlDeps, url: string, cookieHeader: string | undefined, now = new Date()): Promise<string | null> {
  const target = inviteCodeOf(url);
  if (target === null) return null;
  const words = WORDS[target.language];
  const card = (await liveCard(deps, target.code, words, cookieHeader, now)) ?? { title: words.gone, description: words.goneText, image: null };
  const tags: [string, string, string][] = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', words.siteName],
    ['property', 'og:title', card.title],
    ['property', 'og:description', card.description],
    ['name', 'twitter:card', card.image === null ? 'summary' : 'summary_large_image'],
    ['name', 'twitter:title', card.title],
    ['name', 'twitter:description', card.description],
  ];
  if (card.image !== null) tags.push(['property', 'og:image', card.image], ['name', 'twitter:image', card.image]);
  return tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" data-invite-unfurl />`).join('\n    ');
}
