// The frame of the app's dropdown menus, the radix side (loaded on the first intent with each menu,
// deferred-menu.tsx): radix's trigger, the same button the placeholder showed (its class, name and
// content), and the menu under it, aligned to its end.
import type { ReactNode, Ref } from 'react';
import { DropdownMenu } from 'radix-ui';

type MenuFrameProps = {
  label: string;
  triggerClassName: string;
  /** What the trigger shows (an icon, and a word or two). */
  trigger: ReactNode;
  triggerRef: Ref<HTMLButtonElement>;
  /** false: not modal, so a dialog opened from an entry gets the pointer and the focus. */
  modal?: boolean;
  children: ReactNode;
};

export function MenuFrame({ label, triggerClassName, trigger, triggerRef, modal = true, children }: MenuFrameProps) {
  return (
    <DropdownMenu.Root modal={modal}>
      <DropdownMenu.Trigger ref={triggerRef} className={triggerClassName} aria-label={label}>
        {trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={6}>
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
