// What a push says, in the recipient's language (users.language; SPEC §3 Channels). The in-app
// list renders its own texts through i18next (src/i18n/locales/areas/notifications.ts).
import type { NotificationKind } from '../../common/notifications-contract';

export type PushTextInput = { kind: NotificationKind; actorName: string | null; actorCount: number };

type Texts = {
  others(count: number): string;
  prayed(actor: string, others: string): string;
  commented(actor: string, others: string): string;
  answered: string;
  someone: string;
};

const en: Texts = {
  others: (k) => (k === 0 ? '' : ` and ${k} ${k === 1 ? 'other' : 'others'}`),
  prayed: (actor, others) => `${actor}${others} prayed for your request`,
  commented: (actor, others) => `${actor}${others} commented on your request`,
  answered: 'A request you prayed for was answered',
  someone: 'Someone',
};

const pt: Texts = {
  others: (k) => (k === 0 ? '' : ` e mais ${k} ${k === 1 ? 'pessoa' : 'pessoas'}`),
  prayed: (actor, others) => `${actor}${others} ${others === '' ? 'orou' : 'oraram'} pelo seu pedido`,
  commented: (actor, others) => `${actor}${others} ${others === '' ? 'comentou' : 'comentaram'} o seu pedido`,
  answered: 'Um pedido pelo qual você orou foi respondido',
  someone: 'Alguém',
};

const es: Texts = {
  others: (k) => (k === 0 ? '' : ` y ${k} ${k === 1 ? 'persona' : 'personas'} más`),
  prayed: (actor, others) => `${actor}${others} ${others === '' ? 'oró' : 'oraron'} por tu petición`,
  commented: (actor, others) => `${actor}${others} ${others === '' ? 'comentó' : 'comentaron'} tu petición`,
  answered: 'Una petición por la que oraste fue respondida',
  someone: 'Alguien',
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
  const actor = input.actorName ?? texts.someone;
  const others = texts.others(Math.max(0, input.actorCount - 1));
  return input.kind === 'prayed' ? texts.prayed(actor, others) : texts.commented(actor, others);
}
