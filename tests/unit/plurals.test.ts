// Issue #12 point 3: counts read naturally at 0 in every language. pt-BR's CLDR rule makes 0
// singular ("0 comentário", "Você orou 0 vez hoje", "0 dia", "0 segundo"); i18next uses a key's
// `_zero` form for a count of 0 when it exists, so Portuguese has one wherever a 0 can show.
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDuration } from '../../src/i18n/prayer-format';
import { enUS } from '../../src/i18n/locales/en-US';
import { esES } from '../../src/i18n/locales/es-ES';
import { ptBR } from '../../src/i18n/locales/pt-BR';

let pt: TFunction;
let es: TFunction;
let en: TFunction;
beforeAll(async () => {
  const make = async (lng: string, translation: object) => {
    const instance = i18next.createInstance();
    await instance.init({ lng, resources: { [lng]: { translation } }, interpolation: { escapeValue: false } });
    return instance.t;
  };
  [pt, es, en] = await Promise.all([make('pt-BR', ptBR), make('es-ES', esES), make('en-US', enUS)]);
});

describe('a count of 0', () => {
  it('reads plural (or as "not yet") in Portuguese', () => {
    expect(pt('postDetail.comments', { count: 0 })).toBe('0 comentários');
    expect(pt('postDetail.comments', { count: 1 })).toBe('1 comentário');
    expect(pt('account.today', { count: 0 })).toBe('Você ainda não orou hoje');
    expect(pt('account.today', { count: 1 })).toBe('Você orou 1 vez hoje');
    expect(pt('prayer.pray.today', { count: 0 })).toBe('Você ainda não orou hoje');
    expect(pt('prayer.statistics.days', { count: 0 })).toBe('0 dias');
    expect(pt('post.prayedCount', { count: 0 })).toBe('0 orações');
    expect(pt('lists.itemCount', { count: 0 })).toBe('0 orações');
  });

  it('reads plural in Spanish and English, with one tense for today in Spanish', () => {
    expect(es('postDetail.comments', { count: 0 })).toBe('0 comentarios');
    expect(en('postDetail.comments', { count: 0 })).toBe('0 comments');
    expect(es('account.today', { count: 2 })).toBe(es('prayer.pray.today', { count: 2 }));
    expect(es('account.today', { count: 0 })).toBe('Hoy aún no has orado');
  });

  it('gives durations of 0 seconds in the plural', () => {
    expect(formatDuration(0, 'pt-BR')).toBe('0 segundos');
    expect(formatDuration(0, 'es-ES')).toBe('0 segundos');
    expect(formatDuration(0, 'en-US')).toBe('0 seconds');
    expect(formatDuration(1, 'pt-BR')).toBe('1 segundo');
    expect(formatDuration(75, 'pt-BR')).toBe('1 minuto e 15 segundos');
  });
});
