// Texts that come with the commands (docs/decisions/0181-texts-that-come-with-the-commands.md): the
// first-load chunk of each language lacks exactly the later paths, the later chunk holds exactly
// them, and once it has loaded every text reads as in the whole catalogue.
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { catalogueModule } from '../../build/catalogue-plugin';
import { LATER_PATHS, ROUTE_PATHS, laterOf, withoutLater } from '../../src/i18n/later-paths';
import { enUS } from '../../src/i18n/locales/en-US';
import { esES } from '../../src/i18n/locales/es-ES';
import { ptBR } from '../../src/i18n/locales/pt-BR';

const at = (texts: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>((node, key) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined), texts);

describe('texts that come with the commands', () => {
  it.each([['en-US', enUS], ['pt-BR', ptBR], ['es-ES', esES]] as const)('%s: the first load lacks exactly the later paths', (locale, full) => {
    const first = JSON.parse(JSON.parse(/JSON\.parse\((.*)\);/s.exec(catalogueModule(locale))?.[1] ?? '""') as string) as object;
    for (const path of [...LATER_PATHS, ...ROUTE_PATHS]) {
      expect(at(full, path), path.join('.')).toBeDefined();
      expect(at(first, path), path.join('.')).toBeUndefined();
    }
    // The two parts together are the whole catalogue, and the rest of the first load is untouched.
    const merged = structuredClone(first) as Record<string, unknown>;
    // (Issue #28 item 3: the update dialog's words, a later path under an area the first load keeps part of.)
    merged.updates = { ...(merged.updates as object), ...(laterOf(full) as { updates: object }).updates };
    // The group screens' texts come with their routes (src/i18n/group-texts.ts): added back here.
    merged.groups = { ...(merged.groups as object), ...(laterOf(full, ROUTE_PATHS) as { groups: object }).groups };
    // Issue #28 item 3: the moderation screen's group sections come with its route (src/i18n/group-moderation-texts.ts).
    merged.moderation = { ...(merged.moderation as object), ...(laterOf(full, ROUTE_PATHS) as { moderation: object }).moderation };
    // The guided session's screens' texts come with its route (src/i18n/session-texts.ts).
    merged.guidedSession = { ...(merged.guidedSession as object), ...(laterOf(full, ROUTE_PATHS) as { guidedSession: object }).guidedSession };
    expect({ ...merged, groupNotify: { ...(merged.groupNotify as object), ...(laterOf(full) as { groupNotify: object }).groupNotify }, apiErrors: { ...(merged.apiErrors as object), codes: { ...((merged.apiErrors as { codes: object }).codes), ...((laterOf(full) as { apiErrors: { codes: object } }).apiErrors.codes) } } }).toEqual(JSON.parse(JSON.stringify(full)));
    expect(withoutLater(full)).toEqual(first);
  });

  it('are added to the active language once their chunk loads, and to the next one', async () => {
    await i18next.init({ lng: 'pt-BR', resources: { 'pt-BR': { translation: withoutLater(ptBR) }, 'es-ES': { translation: withoutLater(esES) } }, fallbackLng: false });
    expect(i18next.exists('apiErrors.codes.group.not_found')).toBe(false);
    expect(i18next.t('apiErrors.generic')).toBe(ptBR.apiErrors.generic);
    await import('../../src/i18n/later-texts');
    expect(i18next.t('apiErrors.codes.group.not_found')).toBe(ptBR.apiErrors.codes.group.not_found);
    expect(i18next.t('apiErrors.codes.post.not_found')).toBe(ptBR.apiErrors.codes.post.not_found);
    await i18next.changeLanguage('es-ES');
    expect(i18next.t('apiErrors.codes.invite.expired')).toBe(esES.apiErrors.codes.invite.expired);
  });

  // Issue #49 major 1: the update dialog's words were cut from the first load and added by nothing.
  it.each([['en-US', enUS], ['pt-BR', ptBR], ['es-ES', esES]] as const)('%s: the later chunk adds every text of every later path', async (locale, full) => {
    const { LATER_TEXTS } = await import('../../src/i18n/later-texts');
    expect(LATER_TEXTS[locale]).toEqual(JSON.parse(JSON.stringify(laterOf(full))));
    for (const path of LATER_PATHS) expect(at(LATER_TEXTS[locale], path), `${locale}: ${path.join('.')}`).toEqual(at(full, path));
  });

  it('the update dialog, its toast and its notification read their words once the later chunk loaded', async () => {
    await i18next.init({ lng: 'pt-BR', resources: { 'pt-BR': { translation: withoutLater(ptBR) }, 'en-US': { translation: withoutLater(enUS) } }, fallbackLng: false });
    await import('../../src/i18n/later-texts');
    await i18next.changeLanguage('pt-BR');
    for (const key of ['updates.later.description', 'updates.later.submit', 'updates.later.added.sent', 'updates.later.notification'] as const) {
      expect(i18next.exists(key), key).toBe(true);
    }
    expect(i18next.t('updates.later.submit')).toBe(ptBR.updates.later.submit);
    await i18next.changeLanguage('en-US');
    expect(i18next.t('updates.later.notification')).toBe(enUS.updates.later.notification);
  });
});
