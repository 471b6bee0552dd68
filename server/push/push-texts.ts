// What a push says, in the recipient's language (users.language; docs/product.md §3 Channels). The in-app
// list renders its own texts through i18next (src/i18n/locales/areas/notifications.ts).
import { guestNumber, UNNAMED_GUEST } from '../../common/guest-name';
import type { NotificationKind } from '../../common/notifications-contract';

/** `group`: a 'group_post' names its group and whether the post is a thanks (issue #28 item 6). */
type PushTextInput = {
  kind: NotificationKind; actor: { id: number; name: string } | null; actorCount: number; group?: { name: string; thanks: boolean } | undefined;
};

type Texts = {
  others(count: number): string;
  prayed(actor: string, others: string): string;
  commented(actor: string, others: string): string;
  answered: string;
  /** Issue #28 item 3: the author of a request one prayed for added an update (no actor named). */
  postUpdate: string;
  someone: string;
  groupPost(group: string, thanks: boolean): string;
  /** An unnamed guest: the word before its number (common/guest-name.ts). */
  guest: string;
};

const en: Texts = {
  others: (k) => (k === 0 ? '' : ` and ${k} ${k === 1 ? 'other' : 'others'}`),
  prayed: (actor, others) => `${actor}${others} prayed for your request`,
  commented: (actor, others) => `${actor}${others} commented on your request`,
  answered: 'A request you prayed for was answered',
  postUpdate: 'There is an update on a request you prayed for',
  someone: 'Someone',
  groupPost: (group, thanks) => `${thanks ? 'New thanks' : 'New request'} in ${group}`,
  guest: 'Guest',
};

const pt: Texts = {
  others: (k) => (k === 0 ? '' : ` e mais ${k} ${k === 1 ? 'pessoa' : 'pessoas'}`),
  prayed: (actor, others) => `${actor}${others} ${others === '' ? 'orou' : 'oraram'} pelo seu pedido`,
  commented: (actor, others) => `${actor}${others} ${others === '' ? 'comentou' : 'comentaram'} o seu pedido`,
  answered: 'Um pedido pelo qual você orou foi respondido',
  postUpdate: 'Há uma atualização no pedido pelo qual você orou',
  someone: 'Alguém',
  groupPost: (group, thanks) => `${thanks ? 'Novo agradecimento' : 'Novo pedido'} em ${group}`,
  guest: 'Visitante',
};

const es: Texts = {
  others: (k) => (k === 0 ? '' : ` y ${k} ${k === 1 ? 'persona' : 'personas'} más`),
  prayed: (actor, others) => `${actor}${others} ${others === '' ? 'oró' : 'oraron'} por tu petición`,
  commented: (actor, others) => `${actor}${others} ${others === '' ? 'comentó' : 'comentaron'} tu petición`,
  answered: 'Una petición por la que oraste fue respondida',
  postUpdate: 'Hay una actualización de una petición por la que oraste',
  someone: 'Alguien',
  groupPost: (group, thanks) => `${thanks ? 'Nuevo agradecimiento' : 'Nueva petición'} en ${group}`,
  guest: 'Invitado',
};

function textsFor(language: string): Texts {
  if (language.toLowerCase().startsWith('pt')) return pt;
  if (language.toLowerCase().startsWith('es')) return es;
  return en;
}

/** The push title; the body is the start of the post's text. */
export function pushTitle(input: PushTextInput, language: string): string {
  const texts = textsFor(language);
  if (input.kind === 'answered') return texts.answered;
  if (input.kind === 'post_update') return texts.postUpdate;
  if (input.kind === 'group_post' && input.group) return texts.groupPost(input.group.name, input.group.thanks);
  const actor = input.actor === null ? texts.someone : input.actor.name !== UNNAMED_GUEST ? input.actor.name : `${texts.guest} ${guestNumber(input.actor.id)}`;
  const others = texts.others(Math.max(0, input.actorCount - 1));
  return input.kind === 'prayed' ? texts.prayed(actor, others) : texts.commented(actor, others);
}

// Reminders (issue #13 point 2): the push title, and the names of the sessions a reminder opens
// (the client's own words: src/i18n/locales/areas/prayer.ts and session.ts).
type ReminderSession = 'quick' | 'biblical' | 'bookmarks' | 'my-prayers';

/** `hidden`: what a reminder says of a post, item or list its owner can no longer see (issue #49). */
type ReminderTexts = { session: string; item: string; hidden: { post: string; item: string; list: string }; sessions: Record<ReminderSession, string> };

const reminderTexts: Record<'en' | 'pt' | 'es', ReminderTexts> = {
  en: {
    session: 'Time to pray',
    item: 'Remember to pray for this',
    hidden: { post: 'A prayer you can no longer see', item: 'A prayer you can no longer see', list: 'A list you can no longer see' },
    sessions: { quick: 'Quick session', biblical: 'Biblical prayers', bookmarks: 'Bookmarks', 'my-prayers': 'My requests' },
  },
  pt: {
    session: 'Hora de orar',
    item: 'Lembre-se de orar por este pedido',
    hidden: { post: 'Uma oração que você não pode mais ver', item: 'Uma oração que você não pode mais ver', list: 'Uma lista que você não pode mais ver' },
    sessions: { quick: 'Sessão rápida', biblical: 'Orações bíblicas', bookmarks: 'Favoritos', 'my-prayers': 'Meus pedidos' },
  },
  es: {
    session: 'Es hora de orar',
    item: 'Recuerda orar por esta petición',
    hidden: { post: 'Una oración que ya no puedes ver', item: 'Una oración que ya no puedes ver', list: 'Una lista que ya no puedes ver' },
    sessions: { quick: 'Sesión rápida', biblical: 'Oraciones bíblicas', bookmarks: 'Guardados', 'my-prayers': 'Mis peticiones' },
  },
};

function reminderTextsFor(language: string): ReminderTexts {
  const code = language.toLowerCase();
  return code.startsWith('pt') ? reminderTexts.pt : code.startsWith('es') ? reminderTexts.es : reminderTexts.en;
}

/** The title of a reminder's push; its body is the reminder's label. */
export function reminderPushTitle(target: 'session' | 'post' | 'item', language: string): string {
  const texts = reminderTextsFor(language);
  return target === 'session' ? texts.session : texts.item;
}

/** The label of a reminder that opens one of the built-in sessions. */
export function sessionLabel(source: ReminderSession, language: string): string {
  return reminderTextsFor(language).sessions[source];
}

/** The label of a reminder whose post, item or list its owner can no longer see (issue #49: never the words it quoted). */
export function hiddenReminderLabel(target: 'session' | 'post' | 'item', language: string): string {
  const { hidden } = reminderTextsFor(language);
  return target === 'session' ? hidden.list : hidden[target];
}
