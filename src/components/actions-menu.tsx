// The actions menu of a post, comment or note (SPEC §3 action names, §4/§6 rules decided by
// src/db/actions-menu.ts): a radix DropdownMenu, so arrows, Enter and Escape work and focus
// returns to the trigger. Presentational: the screen passes the actions and their labels.
import { DropdownMenu } from 'radix-ui';
import type { PostAction } from '../../common/contract';

export type MenuAction = { action: PostAction; label: string };

type ActionsMenuProps = {
  /** The trigger's accessible name ("Post actions"). */
  label: string;
  actions: MenuAction[];
  onSelect: (action: PostAction) => void;
};

export function ActionsMenu({ label, actions, onSelect }: ActionsMenuProps) {
  if (actions.length === 0) return null;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="icon-button actions-menu__trigger" aria-label={label}>
        <MoreIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={6}>
          {actions.map(({ action, label: itemLabel }) => (
            <DropdownMenu.Item
              key={action}
              className={`menu__item${isDestructive(action) ? ' menu__item--danger' : ''}`}
              onSelect={() => onSelect(action)}
            >
              {itemLabel}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function isDestructive(action: PostAction): boolean {
  return action.startsWith('delete') || action.startsWith('report');
}

function MoreIcon() {
  return (
    <svg className="icon" width={20} height={20} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      <circle cx="5" cy="12" r="1.8" />
      <circle cx="12" cy="12" r="1.8" />
      <circle cx="19" cy="12" r="1.8" />
    </svg>
  );
}
