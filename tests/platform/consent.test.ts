// docs/product.md §2/§3/§4/§9 cookie consent: the configuration handed to vanilla-cookieconsent, its
// languages, and the /privacy rule.
import { describe, expect, it } from 'vitest';
import { CONSENT_COOKIE_DAYS } from '../../common/constants';
import { buildConsentConfig, consentLanguage, isConsentExcludedPath } from '../../src/platform/consent-config';
import { CONSENT_LANGUAGES, loadConsentTranslation } from '../../src/platform/consent-texts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('consent configuration', () => {
  const config = buildConsentConfig('en-US');

  it('is opt-in and blocks the page until a choice is made', () => {
    expect(config.mode).toBe('opt-in');
    expect(config.disablePageInteraction).toBe(true);
  });

  it('stores cc_cookie for 182 days on path / with SameSite Lax', () => {
    expect(config.cookie).toEqual({ name: 'cc_cookie', expiresAfterDays: 182, path: '/', sameSite: 'Lax' });
    // With a controlled clock: consent given now expires 182 days later, not 180 or 6 months.
    const givenAt = Date.UTC(2025, 0, 1);
    const expiresAt = givenAt + CONSENT_COOKIE_DAYS * DAY_MS;
    expect(new Date(expiresAt).toISOString()).toBe('2025-07-02T00:00:00.000Z');
  });

  it('shows a bottom bar and a preferences box on the left', () => {
    expect(config.guiOptions).toEqual({
      consentModal: { layout: 'bar', position: 'bottom' },
      preferencesModal: { layout: 'box', position: 'left' },
    });
  });

  it('has a read-only necessary category and an analytics category clearing _ga and _gid cookies', () => {
    expect(config.categories.necessary).toEqual({ enabled: true, readOnly: true });
    const patterns = config.categories.analytics?.autoClear?.cookies.map((cookie) => cookie.name) ?? [];
    expect(patterns).toEqual([/^_ga/, /^_gid/]);
    const clears = (name: string) => patterns.some((pattern) => pattern instanceof RegExp && pattern.test(name));
    expect(clears('_ga')).toBe(true);
    expect(clears('_ga_ABC123')).toBe(true);
    expect(clears('_gid')).toBe(true);
    expect(clears('cc_cookie')).toBe(false);
    expect(clears('prayer_token')).toBe(false);
  });

  it('speaks the channel language, English by default', () => {
    expect(buildConsentConfig('pt-BR').language.default).toBe('pt');
    expect(buildConsentConfig('es').language.default).toBe('es');
    expect(buildConsentConfig('fr-FR').language.default).toBe('en');
    expect(buildConsentConfig(null).language.default).toBe('en');
    expect(consentLanguage('ES-mx')).toBe('es');
    expect(Object.keys(config.language.translations).sort()).toEqual(['en', 'es', 'pt']);
  });

  it('loads each language\'s texts only when the library asks for that language', async () => {
    const loaders = config.language.translations;
    expect(Object.values(loaders).every((loader) => typeof loader === 'function')).toBe(true);
    const pt = loaders.pt;
    expect(typeof pt === 'function' ? (await pt()).consentModal.acceptAllBtn : null).toBe('Aceitar todos');
  });

  it('has complete, distinct texts in every language, linking both categories', async () => {
    const titles = new Set<string>();
    for (const language of CONSENT_LANGUAGES) {
      const translation = await loadConsentTranslation(language);
      const modal = translation.consentModal;
      for (const text of [modal.title, modal.description, modal.acceptAllBtn, modal.acceptNecessaryBtn, modal.showPreferencesBtn]) {
        expect(text?.trim(), language).toBeTruthy();
      }
      const prefs = translation.preferencesModal;
      expect(prefs.savePreferencesBtn?.trim()).toBeTruthy();
      expect(prefs.sections.map((section) => section.linkedCategory).filter(Boolean)).toEqual(['necessary', 'analytics']);
      titles.add(modal.title ?? '');
    }
    expect(titles.size).toBe(3);
  });

  it('links the privacy policy in the reader\'s language', async () => {
    expect((await loadConsentTranslation('en')).consentModal.description).toContain('href="/privacy"');
    expect((await loadConsentTranslation('pt')).consentModal.description).toContain('href="/pt/privacy"');
    expect((await loadConsentTranslation('es')).preferencesModal.sections.at(-1)?.description).toContain('href="/es/privacy"');
    expect(JSON.stringify(await loadConsentTranslation('pt'))).not.toContain('{base}');
  });
});

describe('the banner is not started on /privacy', () => {
  it.each([
    ['/privacy', true],
    ['/privacy/', true],
    ['/pt/privacy', true],
    ['/es/privacy', true],
    ['/PT/Privacy', true],
    ['/', false],
    ['/community', false],
    ['/terms', false],
    ['/fr/privacy', false],
    ['/privacy/extra', false],
    ['/settings/privacy', false],
  ])('%s -> excluded %s', (path, excluded) => {
    expect(isConsentExcludedPath(path)).toBe(excluded);
  });
});
