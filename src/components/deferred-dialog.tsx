// Issue #14 point 2: radix's Dialog and AlertDialog (with their focus trap and scroll lock, ~10 KB
// brotli) are not in the first load. A dialog renders nothing until it is first asked to open;
// then its module loads (from the service worker's precache when offline) and stays mounted, so
// closing keeps radix's own behaviour (exit, focus given back). What had focus when the dialog
// opened is still focused while the module loads, so use-return-focus.ts records the same opener.
import { lazy, Suspense, useState, type ComponentType } from 'react';

/** A component rendering nothing until `isOpen(props)` is first true, then the loaded dialog. */
export function deferredDialog<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, isOpen: (props: P) => boolean) {
  const Dialog = lazy(load);
  return function DeferredDialog(props: P) {
    const open = isOpen(props);
    const [wasOpened, setWasOpened] = useState(open);
    // React's 'state from the previous render' pattern: once opened, the dialog stays mounted.
    if (open && !wasOpened) setWasOpened(true);
    if (!open && !wasOpened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
