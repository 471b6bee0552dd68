// The moderation screen's group sections' words come with its route (issue #28 item 3;
// docs/decisions.md 'A group's reports in the moderation screen'): no language's first load holds
// them, the rest of the moderation texts stay in it, and loading their chunk adds them to the
// active language and to the next one.
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { catalogueModule } from '../../build/catalogue-plugin';
import { withoutLater } from '../../src/i18n/later-paths';
import { enUS } from '../../src/i18n/locales/en-US';
import { esES } from '../../src/i18n/locales/es-ES';
import { ptBR } from '../../src/i18n/locales/pt-BR';

const firstLoad = (locale: string) => JSON.parse(JSON.parse(/JSON\.parse\((.*)\);/s.exec(catalogueModule(locale))?.[1] ?? '""') as string) as typeof enUS;

describe('group moderation texts', () => {
  it.each([['en-US', enUS], ['pt-BR', ptBR], ['es-ES', esES]] as const)('%s: not in the first load, the screen\'s other words are', (locale, full) => {
    const first = firstLoad(locale);
    expect('groups' in first.moderation).toBe(false);
    expect(first.moderation.heading).toBe(full.moderation.heading);
    expect(full.moderation.groups.heading.length).toBeGreaterThan(0);
  });

  it('are added once their chunk loads, for the active language and the next', async () => {
    await i18next.init({ lng: 'pt-BR', resources: { 'pt-BR': { translation: withoutLater(ptBR) }, 'es-ES': { translation: withoutLater(esES) } }, fallbackLng: false });
    expect(i18next.exists('moderation.groups.none')).toBe(false);
    await import('../../src/i18n/group-moderation-texts');
    expect(i18next.t('moderation.groups.heading', { name: 'Família' })).toBe('Denúncias em Família');
    expect(i18next.t('moderation.heading')).toBe(ptBR.moderation.heading);
    await i18next.changeLanguage('es-ES');
    expect(i18next.t('moderation.groups.none')).toBe(esES.moderation.groups.none);
  });
});
