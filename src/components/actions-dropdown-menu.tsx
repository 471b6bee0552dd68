// The radix side of ActionsDropdown (actions-dropdown.tsx): loaded on the first intent, issue #14
// point 2 (deferred-menu.tsx). Not modal, so a dialog opened from an entry gets the pointer and
// the focus.
import { DropdownMenu } from 'radix-ui';
import { MoreIcon } from './icons';
import type { ActionsDropdownProps } from './actions-dropdown';
import type { LoadedMenuProps } from './deferred-menu';
import { MenuFrame } from './menu-frame';

export default function ActionsDropdownMenu({ label, entries, triggerRef }: ActionsDropdownProps & LoadedMenuProps) {
  return (
    <MenuFrame label={label} triggerClassName="icon-button actions-menu__trigger" trigger={<MoreIcon />} triggerRef={triggerRef} modal={false}>
      {entries.map((entry) => (
        <DropdownMenu.Item
          key={entry.key}
          className={entry.isDanger ? 'menu__item menu__item--danger' : 'menu__item'}
          onSelect={entry.onSelect}
        >
          {entry.label}
        </DropdownMenu.Item>
      ))}
    </MenuFrame>
  );
}
