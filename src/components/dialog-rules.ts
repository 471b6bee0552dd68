// docs/product.md §2 generic dialog: closed by Escape, by a click on the backdrop, or by its close button,
// which a caller can hide. The rules are pure so they can be unit-tested without a DOM.

type DialogCloseReason = 'escape' | 'backdrop' | 'close-button';

export type DialogCloseOptions = {
  /** Show the × button (default true). Hiding it leaves Escape and the backdrop. */
  hasCloseButton?: boolean;
  /** False while the dialog must not be left (e.g. a save in flight); default true. */
  isDismissable?: boolean;
};

export function closeReasons({ hasCloseButton = true, isDismissable = true }: DialogCloseOptions): DialogCloseReason[] {
  if (!isDismissable) return [];
  return hasCloseButton ? ['escape', 'backdrop', 'close-button'] : ['escape', 'backdrop'];
}

export function shouldClose(reason: DialogCloseReason, options: DialogCloseOptions): boolean {
  return closeReasons(options).includes(reason);
}
