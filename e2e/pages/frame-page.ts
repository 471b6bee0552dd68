// The frame around the public and default pages: layout landmarks, the language switcher and the
// colour-mode menu, located by role and accessible name (in the language shown).
import type { Locator, Page } from '@playwright/test';

export type Lang = 'en' | 'pt' | 'es';
export const LANGS: readonly Lang[] = ['en', 'pt', 'es'];
export const LOCALE_OF: Record<Lang, 'en-US' | 'pt-BR' | 'es-ES'> = { en: 'en-US', pt: 'pt-BR', es: 'es-ES' };
export const LABEL_OF: Record<Lang, string> = { en: 'English', pt: 'Português', es: 'Español' };

/** '/privacy' as the address bar shows it in `lang` (docs/product.md §10: English has no prefix). */
export function localized(path: string, lang: Lang): string {
  if (lang === 'en') return path;
  return path === '/' ? `/${lang}` : `/${lang}${path}`;
}

export type LayoutName = 'application' | 'public' | 'default' | 'session' | 'settings' | 'private';

export class FramePage {
  readonly heading: Locator;
  readonly main: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.main = page.getByRole('main');
  }

  layout(name: LayoutName): Locator {
    return this.page.getByTestId(`layout-${name}`);
  }

  async goto(path: string, lang: Lang = 'en'): Promise<void> {
    await this.page.goto(localized(path, lang));
  }

  /** Picks a language in the header's switcher (its name starts with the language shown: 'English: choose the language'). */
  async chooseLanguage(lang: Lang): Promise<void> {
    await this.page.getByRole('button', { name: /^(English|Português|Español): / }).click();
    await this.page.getByRole('menuitemradio', { name: LABEL_OF[lang] }).click();
  }

  async chooseColourMode(name: 'Light' | 'Dark' | 'Same as device'): Promise<void> {
    await this.page.getByRole('button', { name: 'Appearance' }).click();
    await this.page.getByRole('menuitemradio', { name }).click();
  }

  theme(): Promise<string | null> {
    return this.page.evaluate(() => document.documentElement.dataset.theme ?? null);
  }
}

/** A console argument as text: a thrown object's name, message and stack. */
function describeThrown(value: unknown): string {
  if (typeof value !== 'object' || value === null) return String(value);
  const { name, message, stack } = value as { name?: unknown; message?: unknown; stack?: unknown };
  return [name, message, stack].filter((part) => typeof part === 'string').join(' | ');
}

/** Console errors and uncaught exceptions of a page, to assert there are none. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    errors.push(message.text());
    // A thrown object that is not an Error (Dexie's errors, a minified class) reads as its class
    // name alone ("r"): print its name, message and stack too, so a failure says what broke.
    void Promise.all(message.args().map((arg) => arg.evaluate(describeThrown).catch(() => '')))
      .then((details) => console.log(`[page console error] ${message.text()}\n${details.join('\n')}`));
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
