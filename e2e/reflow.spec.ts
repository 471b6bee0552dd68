// Issue #26 point 2: the composer, a sheet no route opens by itself (so not in the every-route
// sweep), holds at 195 px (a 390 px phone at 200%) and at 320 px, in the three languages, in light
// and dark: no horizontal overflow and no clipped text (e2e/support/layout-sweep.ts).
import { expect, test } from './support/fixtures';
import { localized } from './pages/frame-page';
import { layoutFaults, settle } from './support/layout-sweep';
import { signInByCookie } from './support/sign-in';

const SHARE = { en: 'Share a request', pt: 'Compartilhar um pedido', es: 'Compartir una petición' } as const;

test('the composer reflows at 195 and 320 px in every language and colour mode', async ({ page, context, request, baseURL }) => {
  await signInByCookie(context, request, baseURL);
  for (const lang of ['en', 'pt', 'es'] as const) {
    await page.goto(localized('/community', lang));
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      for (const width of [195, 320]) {
        await page.setViewportSize({ width, height: 700 });
        await page.getByRole('button', { name: SHARE[lang] }).click();
        const dialog = page.getByRole('dialog');
        await expect(dialog.getByRole('textbox')).toBeVisible();
        await settle(page);
        // The feed behind the sheet re-measures its rows after a resize (a ResizeObserver, then a render).
        await expect.poll(() => layoutFaults(page, width), { message: `${lang} ${colorScheme} ${String(width)} px`, timeout: 3000 }).toEqual({ overflow: null, clipped: [] });
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
    }
  }
});
