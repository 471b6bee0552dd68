// Components rendered to markup in one of the app's languages, through react-i18next as the app
// does (tests/ui): one i18next instance of the test's own, switched per render.
import i18next, { type i18n } from 'i18next';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { APP_CATALOGUES } from './translators';

export type LocaleRender = { instance: i18n; render(locale: string, node: ReactNode): Promise<string> };

export async function localeRender(): Promise<LocaleRender> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init(APP_CATALOGUES);
  return {
    instance,
    async render(locale, node) {
      await instance.changeLanguage(locale);
      return renderToStaticMarkup(<I18nextProvider i18n={instance}>{node}</I18nextProvider>);
    },
  };
}
