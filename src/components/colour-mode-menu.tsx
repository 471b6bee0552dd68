// docs/product.md §2 colour mode: light, dark or the device's, kept in local storage. The radio items sit in
// the account menu of the application header (colour-mode-items.tsx); ColourModeMenu is the same
// choice on its own button, its menu's code loaded on the first intent (deferred-menu.tsx, issue
// #14 point 2).
import { useTranslation } from 'react-i18next';
import { deferredMenu } from './deferred-menu';
import { ContrastIcon } from './icons';

const DeferredColourMenu = deferredMenu<{ label: string }>(
  () => import('./colour-mode-items').then((module) => module.default),
  ({ label }) => ({ className: 'icon-button', label, children: <ContrastIcon /> }),
);

export function ColourModeMenu() {
  const { t } = useTranslation();
  return <DeferredColourMenu label={t('colourMode.label')} />;
}
