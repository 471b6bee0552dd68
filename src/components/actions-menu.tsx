// The actions menu of a post, comment or note (docs/product.md §3 action names, §4/§6 rules decided by
// src/db/actions-menu.ts): a radix DropdownMenu, so arrows, Enter and Escape work and focus
// returns to the trigger (./actions-dropdown.tsx). Presentational: the screen passes the actions
// and their labels.
import { ActionsDropdown } from './actions-dropdown';
import type { PostAction } from '../../common/contract';

type MenuAction<A extends string = PostAction> = { action: A; label: string };

type ActionsMenuProps<A extends string> = {
  /** The trigger's accessible name ("Post actions"). */
  label: string;
  actions: MenuAction<A>[];
  onSelect: (action: A) => void;
};

/** `A`: the docs/product.md §3 action names, or those plus the person actions of issue #12 (src/db/actions-menu.ts). */
export function ActionsMenu<A extends string = PostAction>({ label, actions, onSelect }: ActionsMenuProps<A>) {
  const entries = actions.map(({ action, label: entryLabel }) => ({
    key: action,
    label: entryLabel,
    onSelect: () => onSelect(action),
    isDanger: isDestructive(action),
  }));
  return <ActionsDropdown label={label} entries={entries} />;
}

function isDestructive(action: string): boolean {
  return action.startsWith('delete') || action.startsWith('report');
}
