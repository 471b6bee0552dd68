// The actions menu of a post, comment or note (SPEC §3 action names, §4/§6 rules decided by
// src/db/actions-menu.ts): a radix DropdownMenu, so arrows, Enter and Escape work and focus
// returns to the trigger (./actions-dropdown.tsx). Presentational: the screen passes the actions
// and their labels.
import { ActionsDropdown } from './actions-dropdown';
import type { PostAction } from '../../common/contract';

export type MenuAction = { action: PostAction; label: string };

type ActionsMenuProps = {
  /** The trigger's accessible name ("Post actions"). */
  label: string;
  actions: MenuAction[];
  onSelect: (action: PostAction) => void;
};

export function ActionsMenu({ label, actions, onSelect }: ActionsMenuProps) {
  const entries = actions.map(({ action, label: entryLabel }) => ({
    key: action,
    label: entryLabel,
    onSelect: () => onSelect(action),
    isDanger: isDestructive(action),
  }));
  return <ActionsDropdown label={label} entries={entries} />;
}

function isDestructive(action: PostAction): boolean {
  return action.startsWith('delete') || action.startsWith('report');
}
