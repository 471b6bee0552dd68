// docs/product.md §2 colour mode, the radix side (issue #14 point 2: loaded on the first intent, with the
// account menu or the colour button, src/components/deferred-menu.tsx): the radio items of the
// account menu, and the colour button's own menu.
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { COLOUR_PREFERENCES, parseColourPreference } from '../state/colour-mode';
import type { LoadedMenuProps } from './deferred-menu';
import { MenuFrame } from './menu-frame';
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

export default function ColourModeRadixMenu({ label, triggerRef }: { label: string } & LoadedMenuProps) {
  return (
    <MenuFrame label={label} triggerClassName="icon-button" trigger={<ContrastIcon />} triggerRef={triggerRef}>
      <ColourModeItems />
    </MenuFrame>
  );
}
