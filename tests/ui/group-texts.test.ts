// The group screens' texts come with their routes (docs/decisions/0194-group-screens.md): no
// language's first-load chunk holds them, the navigation's entry is there, and loading the group
// texts' chunk adds them to the active language and to the next one.
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { catalogueModule } from '../../build/catalogue-plugin';
import { withoutLater } from '../../src/i18n/later-paths';
import { enUS } from '../../src/i18n/locales/en-US';
import { esES } from '../../src/i18n/locales/es-ES';
import { ptBR } from '../../src/i18n/locales/pt-BR';

const firstLoad = (locale: string) => JSON.parse(JSON.parse(/JSON\.parse\((.*)\);/s.exec(catalogueModule(locale))?.[1] ?? '""') as string) as typeof enUS;

describe('group screen texts', () => {
  it.each([['en-US', enUS], ['pt-BR', ptBR], ['es-ES', esES]] as const)('%s: the first load has the navigation\'s entry only', (locale, full) => {
    const first = firstLoad(locale);
    // Issue #49 item 4: Groups in the navigation (no longer in the account menu), with its unread count's name.
    const { nav, navUnread_one, navUnread_other } = full.groups;
    expect(first.groups).toEqual({ nav, navUnread_one, navUnread_other });
    expect(full.groups.screens.page.leave.length).toBeGreaterThan(0);
  });

  it('are added once their chunk loads, for the active language and the next', async () => {
    await i18next.init({ lng: 'es-ES', resources: { 'es-ES': { translation: withoutLater(esES) }, 'pt-BR': { translation: withoutLater(ptBR) } }, fallbackLng: false });
    expect(i18next.exists('groups.screens.invite.join')).toBe(false);
    expect(i18next.t('groups.nav')).toBe(esES.groups.nav);
    const { loadGroupTexts } = await import('../../src/i18n/load-group-texts');
    await loadGroupTexts();
    expect(i18next.t('groups.screens.invite.join')).toBe(esES.groups.screens.invite.join);
    expect(i18next.t('groups.screens.members', { count: 2 })).toBe('2 miembros');
    await i18next.changeLanguage('pt-BR');
    expect(i18next.t('groups.screens.page.leave')).toBe(ptBR.groups.screens.page.leave);
  });
});
