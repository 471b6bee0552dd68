// Issue #12 point 3: every code the server can answer (common/error-codes.ts) has the app's own
// words in English, Portuguese and Spanish, the Portuguese and Spanish ones not English left over;
// the forms' field words and the fallbacks never show the server's English message.
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../common/error-codes';
import { bannerMessage, codeMessage, fieldMessages, formMessage } from '../../src/components/api-error';
import { enUS } from '../../src/i18n/locales/en-US';
import { esES } from '../../src/i18n/locales/es-ES';
import { ptBR } from '../../src/i18n/locales/pt-BR';

const LOCALES = { 'en-US': enUS, 'pt-BR': ptBR, 'es-ES': esES } as const;
type Locale = keyof typeof LOCALES;
const ts = {} as Record<Locale, TFunction>;

beforeAll(async () => {
  for (const locale of Object.keys(LOCALES) as Locale[]) {
    const instance = i18next.createInstance();
    await instance.init({ lng: locale, resources: { [locale]: { translation: LOCALES[locale] } }, interpolation: { escapeValue: false } });
    ts[locale] = instance.t;
  }
});

const PARAMS = { min: 8, max: 100, provider: 'Google' };

describe('every server error code', () => {
  it.each(ERROR_CODES)('%s has words in en, pt and es, and pt/es are not the English', (code) => {
    const en = codeMessage(ts['en-US'], code, PARAMS);
    const pt = codeMessage(ts['pt-BR'], code, PARAMS);
    const es = codeMessage(ts['es-ES'], code, PARAMS);
    expect(en, 'en').toBeTruthy();
    expect(pt, 'pt').toBeTruthy();
    expect(es, 'es').toBeTruthy();
    expect(pt).not.toBe(en);
    expect(es).not.toBe(en);
    for (const text of [en, pt, es]) expect(text).not.toMatch(/\{\{|apiErrors\./);
  });
});

describe('the app shows its own words, never the server message', () => {
  const wrongPassword = { status: 401, message: 'These credentials do not match our records', code: 'auth.invalid_credentials' };
  const register422 = {
    status: 422,
    message: 'Enter your name',
    code: 'validation.required',
    errors: { name: ['Enter your name'], password: ['Use at least 8 characters'] },
    fieldCodes: { name: [{ code: 'validation.required' }], password: [{ code: 'validation.too_short', params: { min: 8 } }] },
  };

  it('translates a wrong password and a 422 per field in pt and es', () => {
    expect(formMessage(wrongPassword, ts['pt-BR'], 'x')).toBe('O e-mail ou a senha não estão corretos.');
    expect(formMessage(wrongPassword, ts['es-ES'], 'x')).toBe('El correo electrónico o la contraseña no son correctos.');
    expect(fieldMessages(register422, ts['pt-BR'])).toEqual({ name: 'Digite seu nome.', password: 'Use pelo menos 8 caracteres.' });
    expect(fieldMessages(register422, ts['es-ES'])).toEqual({ name: 'Escribe tu nombre.', password: 'Usa al menos 8 caracteres.' });
    expect(bannerMessage(register422, ts['en-US'], 'x')).toBe('Enter your name.');
  });

  it('falls back to the status (docs/product.md §5) or the caller’s text for a body without a known code', () => {
    expect(bannerMessage({ status: 404, message: 'Post not found' }, ts['pt-BR'], 'x')).toBe(ptBR.errors.status404);
    expect(bannerMessage({ status: 418, message: 'I am a teapot' }, ts['es-ES'], 'alternativo')).toBe('alternativo');
    expect(fieldMessages({ status: 422, message: 'Bad', errors: { text: ['Bad'] } }, ts['es-ES'])).toEqual({ text: 'Revisa lo que has escrito.' });
  });
});
