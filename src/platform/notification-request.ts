// The account menu asks the app-wide notification prompt (src/routes/-platform-overlays.tsx) to
// open, and the menu hears when the permission may have moved (after an answer), so its 'Turn on
// notifications' entry hides. Two plain signals: the two sit in different layouts.
type Listener = () => void;

function signal() {
  const listeners = new Set<Listener>();
  return {
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emit(): void {
      for (const listener of [...listeners]) listener();
    },
  };
}

const openRequests = signal();
const permissionChanges = signal();

/** Opens the notification prompt (the overlay listens through onNotificationPromptRequest). */
export function requestNotificationPrompt(): void {
  openRequests.emit();
}

export function onNotificationPromptRequest(listener: Listener): () => void {
  return openRequests.subscribe(listener);
}

/** Called once the permission prompt was answered: offers are read again. */
export function notificationPermissionChanged(): void {
  permissionChanges.emit();
}

export function subscribeNotificationPermission(listener: Listener): () => void {
  return permissionChanges.subscribe(listener);
}
