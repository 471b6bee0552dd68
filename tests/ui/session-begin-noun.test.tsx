// Issue #49 (review m8): the beginning of a session of the biblical prayers (or a list's) speaks of
// prayers, not requests: Spanish said "37 peticiones listas", "una petición a la vez".
import { beforeAll, describe, expect, it } from 'vitest';
import { SessionBegin } from '../../src/session/begin';
import { localeRender, type LocaleRender } from '../helpers/locale-render';

let rendering: LocaleRender;
beforeAll(async () => { rendering = await localeRender(); });

const begin = (locale: string, noun: 'request' | 'prayer') =>
  rendering.render(locale, <SessionBegin heading="Oraciones bíblicas" noun={noun} available={37} sessionSize={5} initialTimer={0} todayLine={null} onStart={() => undefined} />);

describe('the beginning of a session', () => {
  it('es: biblical prayers are oraciones', async () => {
    const html = await begin('es-ES', 'prayer');
    expect(html).toContain('una oración a la vez');
    expect(html).toContain('Cuántas oraciones');
    expect(html).toContain('Tiempo de silencio para cada oración');
    expect(html).not.toMatch(/petici/);
  });

  it.each([['en-US', /request/], ['pt-BR', /pedido/], ['es-ES', /petici/]])('%s: requests stay requests, prayers are never called requests', async (locale, requestWord) => {
    expect(await begin(locale, 'request')).toMatch(requestWord);
    expect(await begin(locale, 'prayer')).not.toMatch(requestWord);
  });
});
