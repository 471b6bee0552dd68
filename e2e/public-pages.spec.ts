// docs/product.md §2 public and default pages in the three languages: the right layout, one h1 in the page's
// language, no console error; a screenshot of each is kept under test-results/screens/<lang>/.
import { join } from 'node:path';
import { expect, test } from './support/fixtures';
import { PUBLIC_CONTENT } from '../src/content';
import { enUS } from '../src/i18n/locales/en-US';
import { esES } from '../src/i18n/locales/es-ES';
import { ptBR } from '../src/i18n/locales/pt-BR';
import { collectErrors, FramePage, LANGS, LOCALE_OF, type Lang } from './pages/frame-page';

const STRINGS = { en: enUS, pt: ptBR, es: esES } as const;

/** test-results/screens/<lang>/<route>.png: kept as artifacts of the run. */
function screenPath(lang: Lang, name: string): string {
  return join(test.info().project.outputDir, 'screens', lang, `${name}.png`);
}

type Screen = { path: string; layout: 'public' | 'default'; heading: (lang: Lang) => string };

const SCREENS: Screen[] = [
  { path: '/contact', layout: 'public', heading: (lang) => STRINGS[lang].contact.title },
  { path: '/our-mission', layout: 'public', heading: (lang) => PUBLIC_CONTENT[LOCALE_OF[lang]].ourMission.title },
  { path: '/privacy', layout: 'public', heading: (lang) => PUBLIC_CONTENT[LOCALE_OF[lang]].privacy.title },
  { path: '/terms', layout: 'public', heading: (lang) => PUBLIC_CONTENT[LOCALE_OF[lang]].terms.title },
  { path: '/help/delete-my-account-and-data', layout: 'public', heading: (lang) => PUBLIC_CONTENT[LOCALE_OF[lang]].deleteAccount.title },
  { path: '/app-welcome', layout: 'default', heading: (lang) => STRINGS[lang].appWelcome.heading },
  { path: '/app-version', layout: 'default', heading: (lang) => STRINGS[lang].appVersion.title },
  { path: '/lords-prayer', layout: 'default', heading: (lang) => PUBLIC_CONTENT[LOCALE_OF[lang]].lordsPrayer.title },
];

for (const lang of LANGS) {
  test(`public and default pages in ${lang}`, async ({ page }) => {
    const errors = collectErrors(page);
    const frame = new FramePage(page);
    for (const screen of SCREENS) {
      await frame.goto(screen.path, lang);
      await expect(frame.layout(screen.layout)).toBeVisible();
      await expect(frame.heading).toHaveText(screen.heading(lang));
      await expect(frame.heading).toHaveCount(1);
      await expect(page.locator('html')).toHaveAttribute('lang', LOCALE_OF[lang]);
      if (screen.layout === 'public') await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
      const name = screen.path.slice(1).replaceAll('/', '_');
      await page.screenshot({ path: screenPath(lang, name), fullPage: true });
    }
    expect(errors).toEqual([]);
  });
}

test('the version page shows 1.0.0', async ({ page }) => {
  await page.goto('/app-version');
  await expect(page.getByTestId('app-version')).toHaveText('1.0.0');
});

test('text at 200% still fits the width of a public page', async ({ page }) => {
  await page.goto('/privacy');
  await page.addStyleTag({ content: 'html { font-size: 200% !important; }' });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: screenPath('en', 'privacy-200-percent'), fullPage: true });
});
