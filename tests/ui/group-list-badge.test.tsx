// Issue #49 (review m12): a list made in a group was labelled "Private" (offline, at /lists/-4); a
// group's list is never called private: its badge names the group once the group is read.
import { beforeAll, describe, expect, it } from 'vitest';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { VISIBILITY } from '../../common/contract';
import type { ShownList } from '../../src/db/shown-lists';
import { BannerProvider } from '../../src/components/banner-provider';
import { ListHeader } from '../../src/routes/_app/lists/-list-header';
import { localeRender, type LocaleRender } from '../helpers/locale-render';

let rendering: LocaleRender;
beforeAll(async () => { rendering = await localeRender(); });

const at = '2026-12-07T10:00:00.000Z';
const list = (groupId: number | null): ShownList => ({
  id: -4, key: null, name: 'Tuesday requests', description: null, user_id: 1, user: null, channel_id: 1, visibility: VISIBILITY.PRIVATE,
  is_mine: true, is_garden: false, group_id: groupId, config: { qtd: 0 }, qtd: 0, created_at: at, updated_at: at,
  shownItemCount: 0, isPending: true, isLocalOnly: true,
});

/** The header inside a router (its links need one), in `locale`. */
async function header(locale: string, shown: ShownList): Promise<string> {
  const rootRoute = createRootRoute({ component: () => <BannerProvider><ListHeader list={shown} headingId="h" /></BannerProvider> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  await router.load();
  return rendering.render(locale, <RouterProvider router={router} />);
}

describe("a list's badge", () => {
  it.each(['en-US', 'pt-BR', 'es-ES'])('%s: a group list is not called private; a person\'s own private list is', async (locale) => {
    const t = rendering.instance.getFixedT(locale);
    expect(await header(locale, list(7))).not.toContain(`>${t('lists.private')}<`);
    expect(await header(locale, list(null))).toContain(`>${t('lists.private')}<`);
  });
});
