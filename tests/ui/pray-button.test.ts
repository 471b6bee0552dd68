// Issue #12 point 4: the pray control's states and verbs (src/components/pray-button.tsx) in the
// three languages: a thanksgiving has its own verb, the prayed state its own label, and the
// accessible name starts with the text on screen (axe label-content-name-mismatch: the label shown,
// then the count, punctuation aside).
import { describe, expect, it } from 'vitest';
import { LOCALES, useTranslators } from '../helpers/translators';
import { prayButtonText, type PrayVerb } from '../../src/components/pray-button';

const tOf = useTranslators();

/** As axe compares them: lower case, punctuation removed, spaces collapsed. */
const curated = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}\s]/gu, ' ').replace(/\s+/g, ' ').trim();

describe('prayButtonText', () => {
  it.each([
    ['en-US', 'pray', false, 'Pray'],
    ['en-US', 'pray', true, 'You prayed'],
    ['en-US', 'thank', false, 'Give thanks'],
    ['en-US', 'thank', true, 'You gave thanks'],
    ['pt-BR', 'pray', false, 'Orar'],
    ['pt-BR', 'pray', true, 'Você orou'],
    ['pt-BR', 'thank', false, 'Agradecer'],
    ['pt-BR', 'thank', true, 'Você agradeceu'],
    ['es-ES', 'pray', false, 'Orar'],
    ['es-ES', 'pray', true, 'Has orado'],
    ['es-ES', 'thank', false, 'Dar gracias'],
    ['es-ES', 'thank', true, 'Has dado gracias'],
  ] as const)('%s %s, prayed %s: shows "%s"', (locale, verb, isPrayed, label) => {
    expect(prayButtonText(tOf(locale), { verb, count: 3, isPrayed, subject: undefined }).label).toBe(label);
  });

  it('counts thanksgivings with their own verb', () => {
    const t = tOf('en-US');
    expect(prayButtonText(t, { verb: 'thank', count: 3, isPrayed: false, subject: undefined }).name).toBe('Give thanks, 3 gave thanks so far');
    expect(prayButtonText(t, { verb: 'pray', count: 1, isPrayed: true, subject: undefined }).name).toBe('You prayed, 1 prayer so far');
    expect(prayButtonText(tOf('pt-BR'), { verb: 'thank', count: 3, isPrayed: false, subject: undefined }).name).toBe('Agradecer, 3 agradeceram até agora');
    expect(prayButtonText(tOf('es-ES'), { verb: 'thank', count: 1, isPrayed: true, subject: undefined }).name).toBe('Has dado gracias, 1 ha dado gracias hasta ahora');
  });

  it('says when a pray of this device waits to be sent, after the rest', () => {
    expect(prayButtonText(tOf('en-US'), { verb: 'pray', count: 2, isPrayed: true, subject: undefined, isWaiting: true }).name).toBe(
      'You prayed, 2 prayers so far (waiting to sync)',
    );
    expect(prayButtonText(tOf('pt-BR'), { verb: 'thank', count: 1, isPrayed: true, subject: undefined, isWaiting: true }).name).toBe(
      'Você agradeceu, 1 agradeceu até agora (aguardando sincronização)',
    );
  });

  it('reads 0 as a plural in Portuguese ("0 orações", never "0 oração")', () => {
    expect(prayButtonText(tOf('pt-BR'), { verb: 'pray', count: 0, isPrayed: false, subject: undefined }).name).toBe('Orar, 0 orações até agora');
    expect(prayButtonText(tOf('pt-BR'), { verb: 'thank', count: 0, isPrayed: false, subject: undefined }).name).toBe('Agradecer, 0 agradeceram até agora');
  });

  it('names a list item after the count', () => {
    expect(prayButtonText(tOf('en-US'), { verb: 'pray', count: 2, isPrayed: false, subject: 'Dad' }).name).toBe('Pray, 2 prayers so far: “Dad”');
  });

  const cases = LOCALES.flatMap((locale) =>
    (['pray', 'thank'] as PrayVerb[]).flatMap((verb) =>
      [false, true].flatMap((isPrayed) => [0, 1, 2, 12].flatMap((count) => [undefined, 'Mum’s health'].map((subject) => ({ locale, verb, isPrayed, count, subject })))),
    ),
  );

  it.each(cases)('$locale $verb prayed=$isPrayed count=$count subject=$subject: the name starts with the visible text', ({ locale, verb, isPrayed, count, subject }) => {
    const text = prayButtonText(tOf(locale), { verb, count, isPrayed, subject });
    // What the button shows: the label of its state, then the count.
    const visible = `${text.label} ${String(count)}`;
    expect(curated(text.name).startsWith(curated(visible))).toBe(true);
  });
});
