// The start snapshot's times are told again as of the start that shows it (sw/start-snapshot.ts):
// "3 minutes ago" drawn last night must not be painted this morning.
import { describe, expect, it } from 'vitest';
import { withTimesOf } from '../../sw/start-snapshot';
import { relativeTable } from '../../common/relative-time';

const drawnAt = Date.parse('2026-11-29T08:00:00Z');
const card = (iso: string, text: string) => `<article><time datetime="${iso}" title="29 Nov 2026, 07:57">${text}</time></article>`;

describe('withTimesOf', () => {
  it('tells every time as of now, in the language of the page', () => {
    const html = `<html lang="pt-BR"><body>${card('2026-11-29T07:57:00.000Z', 'há 3 minutos')}${card('2026-11-26T08:00:00.000Z', 'há 2 dias')}</body></html>`;
    const later = withTimesOf(html, drawnAt + 5 * 3600_000);
    expect(later).toContain('>há 5 horas</time>');
    expect(later).toContain('>há 3 dias</time>');
    expect(later).toContain('title="29 Nov 2026, 07:57"');
  });

  it('leaves the rest of the page and an unreadable time as they are', () => {
    const html = `<html lang="en-US"><body><p>Pray for my mother</p>${card('not a date', 'a while ago')}</body></html>`;
    expect(withTimesOf(html, drawnAt)).toBe(html);
  });
});

describe('the table of past times a snapshot carries', () => {
  it('words every time the way the formatter does, so the worker need not build one', () => {
    const table = relativeTable('es-ES');
    const now = drawnAt + 26 * 3600_000;
    const html = `<html lang="es-ES"><body>${card('2026-11-29T07:57:00.000Z', 'hace 3 minutos')}${card('2026-11-29T07:00:00.000Z', 'hace 1 hora')}</body></html>`;
    // A table whose words differ from the formatter's shows that the worker took them from it.
    const marked = Object.fromEntries(Object.entries(table).map(([key, text]) => [key, `${text}*`]));
    expect(withTimesOf(html, now, marked)).toContain('>ayer*</time>');
    expect(withTimesOf(html, now, table)).toBe(withTimesOf(html, now));
    for (const [key, text] of Object.entries(table)) {
      const [unit, value] = key.split(':');
      expect(text).toBe(new Intl.RelativeTimeFormat('es-ES', { numeric: 'auto' }).format(Number(value), unit as Intl.RelativeTimeFormatUnit));
    }
  });
});
