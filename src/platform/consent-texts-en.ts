// The cookie-consent texts in English (src/platform/consent-texts.ts): loaded only for a banner shown in it.
import type { Texts } from './consent-texts';

export const TEXTS: Texts = {
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
};
