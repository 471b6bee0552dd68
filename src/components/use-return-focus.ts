// Focus goes back to the control that opened a dialog when it closes (issue #5 keyboard journey,
// WCAG 2.4.3). Radix returns focus only to its own Dialog.Trigger; the app's dialogs are mostly
// opened by other means (a nav button, a menu item, a form's submit), so the dialog remembers what
// had focus as it opened. A menu item goes away with its menu: then the menu's trigger (the
// element the menu is labelled by) is the control to return to.
import { useCallback, useRef } from 'react';

/** The element to give focus back to, given what had focus as the dialog opened. */
function focusReturnTarget(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === active.ownerDocument.body) return null;
  const menu = active.closest('[role="menu"]');
  const triggerId = menu?.getAttribute('aria-labelledby');
  if (menu && triggerId) {
    const trigger = active.ownerDocument.getElementById(triggerId);
    return trigger instanceof HTMLElement ? trigger : null;
  }
  return active;
}

type AutoFocusHandlers = {
  onOpenAutoFocus: () => void;
  onCloseAutoFocus: (event: Event) => void;
};

/**
 * Handlers for a radix Dialog.Content / AlertDialog.Content. `preferred` names the element to
 * return to instead of the opener (a question about a form goes back to its text).
 */
export function useReturnFocus(preferred?: () => HTMLElement | null): AutoFocusHandlers {
  const opener = useRef<HTMLElement | null>(null);
  const onOpenAutoFocus = useCallback(() => {
    opener.current = preferred?.() ?? focusReturnTarget(document.activeElement);
  }, [preferred]);
  const onCloseAutoFocus = useCallback((event: Event) => {
    const target = opener.current;
    opener.current = null;
    if (!target?.isConnected) return;
    event.preventDefault();
    target.focus();
  }, []);
  return { onOpenAutoFocus, onCloseAutoFocus };
}
