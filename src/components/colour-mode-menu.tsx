// SPEC §2 colour mode: light, dark or the device's, kept in local storage. The radio items sit in
// the account menu of the application header; ColourModeMenu is the same choice on its own button.
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { COLOUR_PREFERENCES, parseColourPreference } from '../state/colour-mode';
import { ContrastIcon } from './icons';
import { setColourPreference, useColourPreference } from './use-colour-mode';

export function ColourModeItems() {
  const { t } = useTranslation();
  const preference = useColourPreference();
  return (
    <>
      <DropdownMenu.Label className="menu__label">{t('colourMode.label')}</DropdownMenu.Label>
      <DropdownMenu.RadioGroup value={preference} onValueChange={(value) => setColourPreference(parseColourPreference(value))}>
        {COLOUR_PREFERENCES.map((mode) => (
          <DropdownMenu.RadioItem key={mode} value={mode} className="menu__item menu__radio">
            <DropdownMenu.ItemIndicator className="menu__check">✓</DropdownMenu.ItemIndicator>
            {t(`colourMode.${mode}`)}
          </DropdownMenu.RadioItem>
        ))}
      </DropdownMenu.RadioGroup>
    </>
  );
}

export function ColourModeMenu() {
  const { t } = useTranslation();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="icon-button" aria-label={t('colourMode.label')}>
        <ContrastIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={6}>
          <ColourModeItems />
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
