// The moderation screen's words come with its route (issue #28 item 3, its group sections; issue
// #49, its own words, for the first-load budget;
// docs/decisions/0198-a-group-s-reports-in-the-moderation-screen.md): no language's first load
// holds them, the notices on a hidden post and the account menu's link stay in it, and loading
// their chunk adds them to the active language and to the next one.
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { catalogueModule } from '../../build/catalogue-plugin';
import { withoutLater } from '../../src/i18n/later-paths';
import { enUS } from '../../src/i18n/locales/en-US';
import { esES } from '../../src/i18n/locales/es-ES';
import { ptBR } from '../../src/i18n/locales/pt-BR';

const firstLoad = (locale: string) => JSON.parse(JSON.parse(/JSON\.parse\((.*)\);/s.exec(catalogueModule(locale))?.[1] ?? '""') as string) as typeof enUS;

describe('moderation screen texts', () => {
  it.each([['en-US', enUS], ['pt-BR', ptBR], ['es-ES', esES]] as const)('%s: not in the first load, but for the hidden-post notices and the menu link', (locale, full) => {
    const first = firstLoad(locale);
    const { hiddenPending, hiddenKept, menuLink } = full.moderation;
    // Portuguese's own forms of zero stay (a path must name a key of every language: later-texts.test.ts).
    const kept = Object.fromEntries(Object.entries(first.moderation).filter(([key]) => !key.endsWith('_zero')));
    expect(kept).toEqual({ hiddenPending, hiddenKept, menuLink });
    expect(full.moderation.groups.heading.length).toBeGreaterThan(0);
    expect(full.moderation.heading.length).toBeGreaterThan(0);
  });

  it('are added once their chunk loads, for the active language and the next', async () => {
    await i18next.init({ lng: 'pt-BR', resources: { 'pt-BR': { translation: withoutLater(ptBR) }, 'es-ES': { translation: withoutLater(esES) } }, fallbackLng: false });
    expect(i18next.exists('moderation.groups.none')).toBe(false);
    expect(i18next.exists('moderation.heading')).toBe(false);
    await import('../../src/i18n/group-moderation-texts');
    expect(i18next.t('moderation.groups.heading', { name: 'Família' })).toBe('Denúncias em Família');
    expect(i18next.t('moderation.heading')).toBe(ptBR.moderation.heading);
    await i18next.changeLanguage('es-ES');
    expect(i18next.t('moderation.groups.none')).toBe(esES.moderation.groups.none);
  });
});
