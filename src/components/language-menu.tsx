// The radix side of the language switcher (language-switcher.tsx): loaded on the first intent,
// issue #14 point 2 (deferred-menu.tsx). Choosing a language changes the language, the channel
// and the locale prefix of the address (docs/product.md §4).
import { useRouter } from '@tanstack/react-router';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { CHANNELS } from '../../common/contract';
import { changeLanguage, localizedHref } from '../i18n/change-language';
import type { ChannelLocale } from '../i18n/locale-prefix';
import type { LoadedMenuProps } from './deferred-menu';
import { MenuFrame } from './menu-frame';
import { GlobeIcon } from './icons';
import type { LanguageTriggerProps } from './language-switcher';

function isChannelLocale(value: string): value is ChannelLocale {
  return CHANNELS.some((c) => c.locale === value);
}

export default function LanguageMenu({ label, current, triggerRef }: LanguageTriggerProps & LoadedMenuProps) {
  const { t, i18n } = useTranslation();
  const router = useRouter();

  async function choose(value: string) {
    if (!isChannelLocale(value) || value === i18n.language) return;
    await changeLanguage(value);
    router.history.replace(localizedHref(window.location, value));
  }

  return (
    <MenuFrame
      label={label}
      triggerClassName="chip-button"
      trigger={
        <>
          <GlobeIcon size={18} />
          <span lang={current.locale}>{current.label}</span>
        </>
      }
      triggerRef={triggerRef}
    >
      <DropdownMenu.Label className="menu__label">{t('language.label')}</DropdownMenu.Label>
      <DropdownMenu.RadioGroup value={current.locale} onValueChange={(value) => void choose(value)}>
        {CHANNELS.map((channel) => (
          <DropdownMenu.RadioItem key={channel.id} value={channel.locale} className="menu__item menu__radio" lang={channel.locale}>
            <DropdownMenu.ItemIndicator className="menu__check">✓</DropdownMenu.ItemIndicator>
            {channel.label}
          </DropdownMenu.RadioItem>
        ))}
      </DropdownMenu.RadioGroup>
    </MenuFrame>
  );
}
