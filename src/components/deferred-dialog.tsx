// Issue #14 point 2: radix's Dialog and AlertDialog (with their focus trap and scroll lock, ~10 KB
// brotli) are not in the first load. A dialog renders nothing until it is first asked to open;
// then its module loads (from the service worker's precache once it controls the page) and stays
// mounted, so closing keeps radix's own behaviour (exit, focus given back). What had focus when
// the dialog opened is still focused while the module loads, so use-return-focus.ts records the
// same opener. A failed load (offline before the service worker controls the page) shows nothing
// and is tried again the next time the dialog opens; it never breaks the screen.
import { useEffect, useState, type ComponentType } from 'react';

/** A component rendering nothing until `isOpen(props)` is first true, then the loaded dialog. */
export function deferredDialog<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, isOpen: (props: P) => boolean) {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const loadOnce = () => {
    loading ??= load().then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };

  return function DeferredDialog(props: P) {
    const open = isOpen(props);
    const [Dialog, setDialog] = useState<ComponentType<P> | null>(() => loaded);
    useEffect(() => {
      if (!open || Dialog) return;
      let isCurrent = true;
      loadOnce().then(
        (component) => {
          if (isCurrent) setDialog(() => component);
        },
        (error: unknown) => console.warn('dialog could not load', error),
      );
      return () => {
        isCurrent = false;
      };
    }, [open, Dialog]);
    return Dialog ? <Dialog {...props} /> : null;
  };
}
