// Issue #14 point 3: the feed's `t` (src/i18n/use-t.ts remembering) answers exactly as i18next's
// own `t`, asks i18next once for a plain text or a count, and every time for anything else.
import { createInstance, type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { remembering } from '../../src/i18n/use-t';

type Translate = TFunction<'translation', undefined>;
type Loose = (key: string, options?: Record<string, unknown>) => string;

async function counted() {
  const i18n = createInstance();
  await i18n.init({
    lng: 'en-US',
    resources: { 'en-US': { translation: { plain: 'Pray', items_one: '{{count}} prayer', items_other: '{{count}} prayers', hello: 'Hello {{name}}' } } },
    interpolation: { escapeValue: false },
  });
  const fixed = i18n.getFixedT('en-US', 'translation');
  const asked: unknown[][] = [];
  const spy = (...args: unknown[]): unknown => {
    asked.push(args);
    return Reflect.apply(fixed, undefined, args);
  };
  // The spy is i18next's own `t` with a record of its calls; its overloads cannot be one function's
  // type, and the keys here are not the app's catalogue keys, so the test calls both loosely typed.
  const t = remembering(spy as unknown as Translate) as unknown as Loose;
  return { i18n, fixed: fixed as unknown as Loose, asked, t };
}

describe('remembering: the feed cards\' t', () => {
  it('gives what i18next gives, for plain texts, counts and interpolations', async () => {
    const { fixed, t } = await counted();
    expect(t('plain')).toBe(fixed('plain'));
    expect(t('items', { count: 1 })).toBe('1 prayer');
    expect(t('items', { count: 7 })).toBe(fixed('items', { count: 7 }));
    expect(t('hello', { name: 'Ana' })).toBe('Hello Ana');
  });

  it('asks i18next once for a plain text and once per count', async () => {
    const { asked, t } = await counted();
    for (let i = 0; i < 3; i += 1) {
      t('plain');
      t('items', { count: 2 });
    }
    expect(asked).toEqual([['plain'], ['items', { count: 2 }]]);
    expect(t('items', { count: 3 })).toBe('3 prayers');
    expect(asked).toHaveLength(3);
  });

  it('asks i18next every time for other options', async () => {
    const { asked, t } = await counted();
    expect(t('hello', { name: 'Ana' })).toBe('Hello Ana');
    expect(t('hello', { name: 'Rui' })).toBe('Hello Rui');
    expect(t('items', { count: 2, context: 'x' })).toBe('2 prayers');
    expect(asked).toHaveLength(3);
  });

  it('does not keep a missing key, so a text added later is read', async () => {
    const { i18n, t } = await counted();
    expect(t('later')).toBe('later');
    i18n.addResource('en-US', 'translation', 'later', 'Later');
    expect(t('later')).toBe('Later');
  });
});
