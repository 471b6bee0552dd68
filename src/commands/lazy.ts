// Issue #14 point 2 (first-load budget): the commands, and the op registry commit() applies, are
// not in the first screen's JavaScript: a first visit reads before it writes. They load while the
// app is idle after its first render (preloadCommandsWhenIdle, from src/main.tsx), again on a
// touch or a focus in the feed, and on any call; once the service worker is installed they come
// from its precache in a few ms. Importing the whole index keeps one chunk for every command;
// build/budget-plugin.ts fails a build whose first load grows past its budget again.
// A tap is never lost to a chunk that could not load (offline before the service worker controls
// the page): every call goes through one loader (src/commands/module-loader.ts) that holds it and
// loads again until it can run it, and HeldActionsNotice says so meanwhile.
// docs/decisions/0059-first-load-budget-the-commands-load-on-first-use.md,
// docs/decisions/0061-never-lose-a-tap-to-a-chunk-that-did-not-load-the-commands.md,
// docs/decisions/0062-never-lose-a-tap-to-a-chunk-that-did-not-load-a-call-whose.md.
import { createModuleLoader } from './module-loader';

type Commands = typeof import('./index');

const commands = createModuleLoader<Commands>(() => import('./index'));

// A reconnect, the person coming back to the page: worth loading again at once, beside the timer.
if (typeof window !== 'undefined') {
  window.addEventListener('online', commands.retry);
  window.addEventListener('focus', commands.retry);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') commands.retry();
  });
}

/** The commands module, once it has loaded (held, not rejected, while it cannot). */
export function loadCommands(): Promise<Commands> {
  return commands.run((module) => module);
}

/** Starts loading on a person's approach (a touch or a focus in the feed), as the menus do. */
export function preloadCommands(): void {
  commands.preload();
}

/**
 * Starts loading once the first screen has rendered and the browser is idle: before anyone can tap,
 * or go offline. Loaded, it saves the prays a page closed on before they were saved (src/commands/pray-gate.ts).
 */
export function preloadCommandsWhenIdle(): void {
  // Not a call of its own: a chunk that cannot load yet holds no action and shows no notice for it.
  commands.whenLoaded((module) => void module.recoverUnsavedPrays());
  if (typeof requestIdleCallback === 'function') requestIdleCallback(preloadCommands, { timeout: 1_000 });
  else setTimeout(preloadCommands, 0);
}

/** Calls waiting for the commands after a failed load, and a subscription to changes of it (for HeldActionsNotice). */
export const heldCommands = { count: commands.held, subscribe: commands.subscribe };

type CommandFn = (...args: never[]) => unknown;
type CommandName = { [K in keyof Commands]: Commands[K] extends CommandFn ? K : never }[keyof Commands];
type ParamsOf<K extends CommandName> = Commands[K] extends (...args: infer P) => unknown ? P : never;
type ResultOf<K extends CommandName> = Commands[K] extends (...args: never[]) => infer R ? Awaited<R> : never;

/**
 * A command by name, to call as if imported: `const deletePost = lazyCommand('deletePost')`. It
 * resolves once the module has loaded and the command has saved the change locally. Loaded, the
 * command starts in the caller's task (a pray's mark shows in the tap's frame).
 */
export function lazyCommand<K extends CommandName>(name: K): (...args: ParamsOf<K>) => Promise<ResultOf<K>> {
  // Commands[K] is a function (CommandName says so); TypeScript cannot carry that through the index.
  const call = (module: Commands, args: ParamsOf<K>) => (module[name] as (...args: ParamsOf<K>) => ResultOf<K> | Promise<ResultOf<K>>)(...args);
  return (...args) => commands.run((module) => call(module, args));
}
