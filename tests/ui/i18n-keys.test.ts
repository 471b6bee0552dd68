// Every language has every key (docs/product.md §2: every screen in English, Portuguese and Spanish): the
// interface strings and the public pages' texts, compared recursively. Plural forms: a language
// may add forms (_few, _many) but must have every form English has.
import { describe, expect, it } from 'vitest';
import { enUS } from '../../src/i18n/locales/en-US';
import { ptBR } from '../../src/i18n/locales/pt-BR';
import { esES } from '../../src/i18n/locales/es-ES';
import { PUBLIC_CONTENT } from '../../src/content';
import { contactMailto, readContactMessage } from '../../src/content/contact-mail';

function keyPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return [`${prefix}[${value.length}]`, ...value.flatMap((item, i) => keyPaths(item, `${prefix}[${i}]`))];
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
  }
  return typeof value === 'string' && value.trim() !== '' ? [prefix] : [`${prefix} (empty or not text)`];
}

const PLURAL_EXTRA = /_(zero|two|few|many)$/;

describe.each([
  ['pt-BR', ptBR],
  ['es-ES', esES],
])('interface strings in %s', (_locale, resources) => {
  it('has exactly the keys of en-US', () => {
    const theirs = keyPaths(resources).filter((path) => !PLURAL_EXTRA.test(path));
    expect(theirs.sort()).toEqual(keyPaths(enUS).sort());
  });
});

describe.each(['pt-BR', 'es-ES'] as const)('public pages in %s', (locale) => {
  it('have the same structure as en-US (sections, paragraphs, list items)', () => {
    expect(keyPaths(PUBLIC_CONTENT[locale]).sort()).toEqual(keyPaths(PUBLIC_CONTENT['en-US']).sort());
  });

  it('are not English left untranslated', () => {
    expect(PUBLIC_CONTENT[locale].privacy.lead).not.toBe(PUBLIC_CONTENT['en-US'].privacy.lead);
  });
});

it('the key walk notices a missing key and an empty text', () => {
  expect(keyPaths({ a: { b: 'x' } })).not.toEqual(keyPaths({ a: { c: 'x' } }));
  expect(keyPaths({ a: '' })).toEqual(['a (empty or not text)']);
});

describe('contact form', () => {
  it('needs every field, trimmed', () => {
    expect(readContactMessage({ name: ' Ana ', email: 'ana@example.org', message: '  ' })).toBeNull();
    expect(readContactMessage({ name: ' Ana ', email: 'ana@example.org', message: 'Olá' })).toEqual({
      name: 'Ana',
      email: 'ana@example.org',
      message: 'Olá',
    });
  });

  it('prepares a mailto: link with the subject and the message', () => {
    const href = contactMailto({ name: 'Ana', email: 'ana@example.org', message: 'Hi & thanks' }, 'Message from Ana');
    expect(href).toMatch(/^mailto:hello@prayer-community\.app\?subject=Message%20from%20Ana&body=/);
    expect(decodeURIComponent(href.split('body=')[1] ?? '')).toBe('Hi & thanks\n\n— Ana <ana@example.org>');
  });
});
