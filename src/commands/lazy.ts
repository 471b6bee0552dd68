// Issue #14 point 2 (first-load budget): the commands, and the op registry commit() applies, load
// on first use, not with the first screen: a first visit reads before it writes. The module comes
// from the service worker's precache once it is installed (a few ms), so a first tap hardly waits;
// the screen's own state (the pray button's mark) shows at once either way. Importing the whole
// index keeps one chunk for every command; build/budget-plugin.ts fails a build whose first load
// grows past its budget again. The trade-off (docs/decisions.md 'First-load budget'): a first
// visit that goes offline before the service worker controls the page cannot write until it is
// back online, as it cannot open another screen; the failure is shown, never silent.
export type Commands = typeof import('./index');

let loading: Promise<Commands> | undefined;
let loaded: Commands | undefined;

/** The commands module; a failed load (offline before the service worker took over) is tried again next time. */
export function loadCommands(): Promise<Commands> {
  loading ??= import('./index').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Starts loading on a person's approach (a touch or a focus in the feed), as the menus do:
 * by the tap the module is usually there, and the command starts in the tap's own task.
 */
export function preloadCommands(): void {
  if (loaded === undefined) loadCommands().catch(() => undefined);
}

type CommandFn = (...args: never[]) => unknown;
type CommandName = { [K in keyof Commands]: Commands[K] extends CommandFn ? K : never }[keyof Commands];
type ParamsOf<K extends CommandName> = Commands[K] extends (...args: infer P) => unknown ? P : never;
type ResultOf<K extends CommandName> = Commands[K] extends (...args: never[]) => infer R ? Awaited<R> : never;

/**
 * A command by name, to call as if imported: `const deletePost = lazyCommand('deletePost')`. It
 * resolves once the module has loaded and the command has saved the change locally.
 */
export function lazyCommand<K extends CommandName>(name: K): (...args: ParamsOf<K>) => Promise<ResultOf<K>> {
  // Commands[K] is a function (CommandName says so); TypeScript cannot carry that through the index.
  const call = (module: Commands, args: ParamsOf<K>) => (module[name] as (...args: ParamsOf<K>) => ResultOf<K> | Promise<ResultOf<K>>)(...args);
  return (...args) => {
    // Loaded: the command starts now, in the caller's task (a pray's mark shows in the tap's frame).
    const module = loaded;
    // The executor runs at once, and a throw in it rejects.
    if (module !== undefined) return new Promise((resolve) => resolve(call(module, args)));
    return loadCommands().then((commands) => call(commands, args));
  };
}
