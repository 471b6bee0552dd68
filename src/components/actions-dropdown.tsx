// The one "more options" menu of posts, comments, notes, lists and items: a radix DropdownMenu
// (Enter/Space/arrows open it, arrows move, Escape closes and returns focus to the button). Not
// modal, so a dialog opened from an entry gets the pointer and the focus. Presentational: the
// caller gives the entries, already filtered by the SPEC §4/§6 menu rules.
import { DropdownMenu } from 'radix-ui';
import { MoreIcon } from './icons';

export type DropdownEntry = { key: string; label: string; onSelect: () => void; isDanger?: boolean };

type ActionsDropdownProps = {
  /** Accessible name of the trigger, e.g. 'Options for “Anna”'. */
  label: string;
  entries: DropdownEntry[];
};

export function ActionsDropdown({ label, entries }: ActionsDropdownProps) {
  if (entries.length === 0) return null;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="icon-button actions-menu__trigger" aria-label={label}>
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
