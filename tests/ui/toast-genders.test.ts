// Issue #26 point 4: a change toast's participles agree with the noun it speaks of, in Portuguese
// and Spanish ("Lista criada. Salva neste aparelho.", never "Lista criada. Salvo…"). Every toast of
// src/routes/-change-toast.ts CHANGE_TOASTS is read in each delivery state; each participle found
// must end in the gender the catalogue gives its noun (syncFeedback.gender), and the nouns'
// genders are held against a table of the words themselves.
import { describe, expect, it } from 'vitest';
import { useTranslators } from '../helpers/translators';
import { CHANGE_TOASTS, changeTexts, type ChangeToast, type ToastNoun } from '../../src/routes/-change-toast';

/** The nouns the toasts use, as each language says them, and their gender: what a grammar book says. */
const NOUNS: Record<'pt-BR' | 'es-ES', Record<ToastNoun, [string, 'm' | 'f']>> = {
  'pt-BR': {
    request: ['pedido', 'm'], post: ['publicação', 'f'], testimony: ['testemunho', 'm'], list: ['lista', 'f'], prayer: ['oração', 'f'],
    comment: ['comentário', 'm'], note: ['anotação', 'f'], reminder: ['lembrete', 'm'], setting: ['ajuste', 'm'], name: ['nome', 'm'],
  },
  'es-ES': {
    request: ['petición', 'f'], post: ['publicación', 'f'], testimony: ['testimonio', 'm'], list: ['lista', 'f'], prayer: ['oración', 'f'],
    comment: ['comentario', 'm'], note: ['nota', 'f'], reminder: ['recordatorio', 'm'], setting: ['ajuste', 'm'], name: ['nombre', 'm'],
  },
};

/** Past participles the toasts use (saved, sent, shared, created, added, deleted, edited, marked...). */
const PARTICIPLE = /\b(?:salv|(?:envi|guard|compartilh|compart|cri|cre|adicion|añad|exclu|elimin|borr|apag|atualiz|actualiz|edit|marc|respond|ativ|activ|desativ|desactiv|arquiv|archiv|restaur|remov|quit|defin|alter|cambi)(?:ad|id|íd))([oa])s?(?![\p{L}])/giu;

function participles(text: string): { word: string; gender: 'm' | 'f' }[] {
  return [...text.matchAll(PARTICIPLE)].map((match) => ({ word: match[0], gender: match[1]?.toLowerCase() === 'a' ? 'f' : 'm' }));
}

const tOf = useTranslators();

describe.each(['pt-BR', 'es-ES'] as const)('change toasts in %s', (locale) => {
  it('give each noun the gender of its word', () => {
    const t = tOf(locale);
    for (const noun of Object.keys(NOUNS[locale]) as ToastNoun[]) {
      expect({ noun, gender: t(`syncFeedback.gender.${noun}`) }).toEqual({ noun, gender: NOUNS[locale][noun][1] });
    }
  });

  it('agree with their noun in every delivery state', () => {
    const t = tOf(locale);
    const disagreements: string[] = [];
    for (const toast of Object.keys(CHANGE_TOASTS) as ChangeToast[]) {
      const [, gender] = NOUNS[locale][CHANGE_TOASTS[toast].noun];
      const texts = changeTexts(t, toast, { count: 10 });
      for (const text of [texts.waiting, texts.sending, texts.sent]) {
        for (const found of participles(text)) if (found.gender !== gender) disagreements.push(`${toast}: "${found.word}" in "${text}"`);
      }
    }
    expect(disagreements).toEqual([]);
  });

  it('find the participles the check is about (the check cannot pass by finding none)', () => {
    const t = tOf(locale);
    const texts = changeTexts(t, 'listCreated');
    // "Lista criada. Salva neste aparelho. Será enviada…" / "Lista creada. Guardada en este dispositivo…"
    expect(participles(texts.waiting).map((found) => found.gender)).toEqual(locale === 'pt-BR' ? ['f', 'f', 'f'] : ['f', 'f']);
    expect(participles(locale === 'pt-BR' ? 'Lista criada. Salvo neste aparelho.' : 'Lista creada. Guardado en este dispositivo.').map((found) => found.gender)).toEqual(['f', 'm']);
  });
});
