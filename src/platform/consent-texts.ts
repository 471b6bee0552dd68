// The texts of the cookie-consent bar and preferences box (docs/product.md §2, §4 'Consent') in the three
// channel languages. They live here, not in src/i18n, because vanilla-cookieconsent renders its
// own DOM from this shape before the app has rendered anything.
import type { Translation } from 'vanilla-cookieconsent';

export const CONSENT_LANGUAGES = ['en', 'pt', 'es'] as const;
export type ConsentLanguage = (typeof CONSENT_LANGUAGES)[number];

type Texts = {
  title: string;
  description: string;
  acceptAll: string;
  acceptNecessary: string;
  managePreferences: string;
  preferencesTitle: string;
  savePreferences: string;
  close: string;
  usageTitle: string;
  usage: string;
  necessaryTitle: string;
  necessary: string;
  analyticsTitle: string;
  analytics: string;
  moreTitle: string;
  more: string;
};

const TEXTS: Record<ConsentLanguage, Texts> = {
  en: {
    title: 'We value your privacy',
    description: 'We use cookies that the app needs to work, and, only if you agree, analytics cookies that help us understand how the app is used. Read our <a href="{base}/privacy">privacy policy</a>.',
    acceptAll: 'Accept all',
    acceptNecessary: 'Necessary only',
    managePreferences: 'Manage preferences',
    preferencesTitle: 'Cookie preferences',
    savePreferences: 'Save my choices',
    close: 'Close',
    usageTitle: 'How we use cookies',
    usage: 'You can choose which optional cookies we may use. You can change your choice at any time.',
    necessaryTitle: 'Strictly necessary',
    necessary: 'These keep you signed in and remember your language and channel. The app cannot work without them, so they are always on.',
    analyticsTitle: 'Analytics',
    analytics: 'These count visits and show which screens are used, so we can make the app better. They never identify you personally.',
    moreTitle: 'More information',
    more: 'For anything about cookies and your choices, see our <a href="{base}/privacy">privacy policy</a> or <a href="{base}/contact">contact us</a>.',
  },
  pt: {
    title: 'Sua privacidade é importante para nós',
    description: 'Usamos cookies necessários para o funcionamento do app e, somente com a sua permissão, cookies de análise que nos ajudam a entender como o app é usado. Leia a nossa <a href="{base}/privacy">política de privacidade</a>.',
    acceptAll: 'Aceitar todos',
    acceptNecessary: 'Somente os necessários',
    managePreferences: 'Gerenciar preferências',
    preferencesTitle: 'Preferências de cookies',
    savePreferences: 'Salvar minhas escolhas',
    close: 'Fechar',
    usageTitle: 'Como usamos cookies',
    usage: 'Você pode escolher quais cookies opcionais podemos usar e mudar sua escolha a qualquer momento.',
    necessaryTitle: 'Estritamente necessários',
    necessary: 'Mantêm você conectado e guardam seu idioma e canal. O app não funciona sem eles, por isso estão sempre ativos.',
    analyticsTitle: 'Análise',
    analytics: 'Contam as visitas e mostram quais telas são usadas, para podermos melhorar o app. Nunca identificam você pessoalmente.',
    moreTitle: 'Mais informações',
    more: 'Para qualquer dúvida sobre cookies e suas escolhas, veja a nossa <a href="{base}/privacy">política de privacidade</a> ou <a href="{base}/contact">fale conosco</a>.',
  },
  es: {
    title: 'Valoramos tu privacidad',
    description: 'Usamos cookies necesarias para que la app funcione y, solo si lo aceptas, cookies de análisis que nos ayudan a entender cómo se usa la app. Lee nuestra <a href="{base}/privacy">política de privacidad</a>.',
    acceptAll: 'Aceptar todas',
    acceptNecessary: 'Solo las necesarias',
    managePreferences: 'Gestionar preferencias',
    preferencesTitle: 'Preferencias de cookies',
    savePreferences: 'Guardar mis preferencias',
    close: 'Cerrar',
    usageTitle: 'Cómo usamos las cookies',
    usage: 'Puedes elegir qué cookies opcionales podemos usar y cambiar tu elección en cualquier momento.',
    necessaryTitle: 'Estrictamente necesarias',
    necessary: 'Mantienen tu sesión iniciada y recuerdan tu idioma y canal. La app no funciona sin ellas, por eso están siempre activas.',
    analyticsTitle: 'Análisis',
    analytics: 'Cuentan las visitas y muestran qué pantallas se usan, para que podamos mejorar la app. Nunca te identifican personalmente.',
    moreTitle: 'Más información',
    more: 'Para cualquier duda sobre las cookies y tus elecciones, consulta nuestra <a href="{base}/privacy">política de privacidad</a> o <a href="{base}/contact">contáctanos</a>.',
  },
};

/** Links in the texts keep the reader in their language: '/pt/privacy' (docs/product.md §10 locale prefixes). */
function localized(language: ConsentLanguage, html: string): string {
  return html.replaceAll('{base}', language === 'en' ? '' : `/${language}`);
}

export function consentTranslation(language: ConsentLanguage): Translation {
  const t = TEXTS[language];
  return {
    consentModal: {
      title: t.title,
      description: localized(language, t.description),
      acceptAllBtn: t.acceptAll,
      acceptNecessaryBtn: t.acceptNecessary,
      showPreferencesBtn: t.managePreferences,
    },
    preferencesModal: {
      title: t.preferencesTitle,
      acceptAllBtn: t.acceptAll,
      acceptNecessaryBtn: t.acceptNecessary,
      savePreferencesBtn: t.savePreferences,
      closeIconLabel: t.close,
      sections: [
        { title: t.usageTitle, description: t.usage },
        { title: t.necessaryTitle, description: t.necessary, linkedCategory: 'necessary' },
        { title: t.analyticsTitle, description: t.analytics, linkedCategory: 'analytics' },
        { title: t.moreTitle, description: localized(language, t.more) },
      ],
    },
  };
}
