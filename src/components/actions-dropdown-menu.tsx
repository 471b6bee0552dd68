// The radix side of ActionsDropdown (actions-dropdown.tsx): loaded on the first intent, issue #14
// point 2 (deferred-menu.tsx). Not modal, so a dialog opened from an entry gets the pointer and
// the focus.
import { DropdownMenu } from 'radix-ui';
import { MoreIcon } from './icons';
import type { ActionsDropdownProps } from './actions-dropdown';
import type { LoadedMenuProps } from './deferred-menu';

export default function ActionsDropdownMenu({ label, entries, triggerRef }: ActionsDropdownProps & LoadedMenuProps) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger ref={triggerRef} className="icon-button actions-menu__trigger" aria-label={label}>
        <MoreIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={6}>
          {entries.map((entry) => (
            <DropdownMenu.Item
              key={entry.key}
              className={entry.isDanger ? 'menu__item menu__item--danger' : 'menu__item'}
              onSelect={entry.onSelect}
            >
              {entry.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
