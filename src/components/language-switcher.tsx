// SPEC §4 language switcher (in every header): English, Português, Español. Choosing one changes
// the language, the channel and the locale prefix of the address.
import { useRouter } from '@tanstack/react-router';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { CHANNELS } from '../../common/contract';
import { changeLanguage, localizedHref } from '../i18n/change-language';
import type { ChannelLocale } from '../i18n/locale-prefix';
import { GlobeIcon } from './icons';

function isChannelLocale(value: string): value is ChannelLocale {
  return CHANNELS.some((c) => c.locale === value);
}

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const router = useRouter();
  const current = CHANNELS.find((c) => c.locale === i18n.language) ?? CHANNELS[0];

  async function choose(value: string) {
    if (!isChannelLocale(value) || value === i18n.language) return;
    await changeLanguage(value);
    router.history.replace(localizedHref(window.location, value));
  }

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="chip-button" aria-label={t('a11y.languageButton', { name: current.label })}>
        <GlobeIcon size={18} />
        <span lang={current.locale}>{current.label}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={6}>
          <DropdownMenu.Label className="menu__label">{t('language.label')}</DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={current.locale} onValueChange={(value) => void choose(value)}>
            {CHANNELS.map((channel) => (
              <DropdownMenu.RadioItem key={channel.id} value={channel.locale} className="menu__item menu__radio" lang={channel.locale}>
                <DropdownMenu.ItemIndicator className="menu__check">✓</DropdownMenu.ItemIndicator>
                {channel.label}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
