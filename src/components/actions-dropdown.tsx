// The one "more options" menu of posts, comments, notes, lists and items: a radix DropdownMenu
// (Enter/Space/arrows open it, arrows move, Escape closes and returns focus to the button), whose
// code loads on the first intent (deferred-menu.tsx, issue #14 point 2; the menu itself is
// actions-dropdown-menu.tsx). Presentational: the caller gives the entries, already filtered by
// the docs/product.md §4/§6 menu rules.
import { deferredMenu } from './deferred-menu';
import { MoreIcon } from './icons';

export type DropdownEntry = { key: string; label: string; onSelect: () => void; isDanger?: boolean };

export type ActionsDropdownProps = {
  /** Accessible name of the trigger, e.g. 'Options for “Anna”'. */
  label: string;
  entries: DropdownEntry[];
};

const DeferredActionsDropdown = deferredMenu<ActionsDropdownProps>(
  () => import('./actions-dropdown-menu').then((module) => module.default),
  ({ label }) => ({ className: 'icon-button actions-menu__trigger', label, children: <MoreIcon /> }),
);

export function ActionsDropdown(props: ActionsDropdownProps) {
  if (props.entries.length === 0) return null;
  return <DeferredActionsDropdown {...props} />;
}
