// Issue #14 point 2: radix's DropdownMenu (with its positioning engine, ~25 KB brotli) is not in
// the first load. A menu's trigger renders at once as the same button (class, name, aria-haspopup);
// the menu's module loads on the first sign of intent (the pointer over it, focus on it, a press)
// and then replaces the button with radix's own trigger. A press that came before the module is
// replayed on that trigger (a pointerdown, or the key), so the menu opens as it would have, by
// keyboard with its first item focused (radix's keyboard rule). Offline, the service worker has
// the module precached once it controls the page (a first visit offline before that cannot open a
// menu, as it cannot open another screen); a failed load is tried again on the next intent. Once
// loaded, every menu of that kind renders radix's directly.
import { useEffect, useRef, useState, type ComponentType, type KeyboardEvent, type PointerEvent, type ReactNode, type Ref } from 'react';

/** What a loaded menu component takes beside its own props: a ref to its radix trigger. */
export type LoadedMenuProps = { triggerRef: Ref<HTMLButtonElement> };

type MenuTriggerLook = { className: string; label: string; children: ReactNode };

type Intent = { kind: 'pointer' } | { kind: 'key'; key: string } | null;

const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * A component rendering `trigger(props)` until `load()` has given the real menu, then that menu.
 * `load` is called once for all instances (the module's promise is shared).
 */
export function deferredMenu<P extends object>(load: () => Promise<ComponentType<P & LoadedMenuProps>>, trigger: (props: P) => MenuTriggerLook) {
  let loaded: ComponentType<P & LoadedMenuProps> | null = null;
  let loading: Promise<ComponentType<P & LoadedMenuProps>> | null = null;
  const loadOnce = () => {
    // A failed load (offline before the service worker controls the page) is forgotten, so the
    // next intent tries again.
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };

  return function DeferredMenu(props: P) {
    const [Menu, setMenu] = useState<ComponentType<P & LoadedMenuProps> | null>(() => loaded);
    const placeholder = useRef<HTMLButtonElement | null>(null);
    const realTrigger = useRef<HTMLButtonElement | null>(null);
    const intent = useRef<Intent>(null);
    const hadFocus = useRef(false);

    // After radix's menu has mounted (its listeners are set in its own effects, which run before
    // this one): give the focus back and replay the press that asked for the menu.
    useEffect(() => {
      const button = realTrigger.current;
      if (!Menu || !button) return;
      const pending = intent.current;
      intent.current = null;
      if (hadFocus.current || pending) button.focus();
      hadFocus.current = false;
      if (pending?.kind === 'key') button.dispatchEvent(new window.KeyboardEvent('keydown', { key: pending.key, bubbles: true, cancelable: true }));
      if (pending?.kind === 'pointer') button.dispatchEvent(new window.PointerEvent('pointerdown', { button: 0, bubbles: true, cancelable: true, pointerType: 'mouse' }));
    }, [Menu]);

    if (Menu) return <Menu {...props} triggerRef={realTrigger} />;

    const fetchMenu = (asked: Intent) => {
      if (asked) intent.current = asked;
      loadOnce().then(
        (component) => {
          // Swapped in a task of its own, never inside the press that asked: when the code
          // resolved while a pointerdown was being dispatched, the pressed button left the page
          // before the browser's own mousedown focus, which went to the feed's row and closed the
          // menu just opened for that press (e2e/menu-press.spec.ts).
          setTimeout(() => {
            hadFocus.current = document.activeElement === placeholder.current;
            setMenu(() => component);
          }, 0);
        },
        (error: unknown) => {
          intent.current = null;
          console.warn('menu could not load', error);
        },
      );
    };
    const look = trigger(props);
    return (
      <button
        ref={placeholder}
        type="button"
        className={look.className}
        aria-label={look.label}
        aria-haspopup="menu"
        aria-expanded="false"
        data-state="closed"
        onPointerEnter={() => fetchMenu(null)}
        onFocus={() => fetchMenu(null)}
        onPointerDown={(event: PointerEvent) => {
          if (event.button === 0 && !event.ctrlKey) fetchMenu({ kind: 'pointer' });
        }}
        onKeyDown={(event: KeyboardEvent) => {
          if (!OPENING_KEYS.has(event.key)) return;
          event.preventDefault();
          fetchMenu({ kind: 'key', key: event.key });
        }}
      >
        {look.children}
      </button>
    );
  };
}
