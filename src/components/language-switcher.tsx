// docs/product.md §4 language switcher (in every header): English, Português, Español. Choosing one changes
// the language, the channel and the locale prefix of the address. The menu's code loads on the
// first intent (deferred-menu.tsx, issue #14 point 2); the menu itself is language-menu.tsx.
import { useTranslation } from 'react-i18next';
import { CHANNELS, type Channel } from '../../common/contract';
import { deferredMenu } from './deferred-menu';
import { GlobeIcon } from './icons';

export type LanguageTriggerProps = { label: string; current: Channel };

const DeferredLanguageMenu = deferredMenu<LanguageTriggerProps>(
  () => import('./language-menu').then((module) => module.default),
  ({ label, current }) => ({
    className: 'chip-button',
    label,
    children: (
      <>
        <GlobeIcon size={18} />
        <span lang={current.locale}>{current.label}</span>
      </>
    ),
  }),
);

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const current = CHANNELS.find((c) => c.locale === i18n.language) ?? CHANNELS[0];
  return <DeferredLanguageMenu label={t('a11y.languageButton', { name: current.label })} current={current} />;
}
