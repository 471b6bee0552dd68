// The page's side of the service worker messages (docs/product.md §3, §7): NAVIGATE_TO from a clicked
// notification is routed in the app, and the API config (base URL + session-free headers) is
// published to the controlling worker, again whenever the channel or the controller changes.
import { liveQuery } from 'dexie';
import { baseApiHeaders, type HeaderChannel } from '../../common/api-headers';
import { parseNavigateTo, samePath, type ApiConfigMessage } from '../../common/sw-protocol';
import { readChannel } from '../db/reads';

type MessageSource = {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
};

/**
 * Calls `navigate` with the path of every NAVIGATE_TO the service worker posts. Only same-origin
 * targets reach the router (as path + query + hash); anything else goes to '/'.
 */
export function listenForNavigate(source: MessageSource, origin: string, navigate: (path: string) => void): () => void {
  const onMessage = (event: MessageEvent) => {
    const message = parseNavigateTo(event.data);
    if (message) navigate(samePath(message.url, origin));
  };
  source.addEventListener('message', onMessage);
  return () => source.removeEventListener('message', onMessage);
}

/**
 * docs/product.md §7 'The API config is published to the service worker'. No bearer token: the worker
 * reads the session from Dexie meta, which a refresh updates, while a copy posted here would go
 * stale (docs/decisions/0043-platform-updates-activate-at-once-and-never-reload-under-the.md).
 */
export function apiConfigMessage(baseUrl: string, channel: HeaderChannel): ApiConfigMessage {
  return { type: 'API_CONFIG', baseUrl, headers: baseApiHeaders(channel) };
}

type ControllerSource = {
  readonly controller: { postMessage(message: ApiConfigMessage): void } | null;
  addEventListener(type: 'controllerchange', listener: () => void): void;
  removeEventListener(type: 'controllerchange', listener: () => void): void;
};

/** Publishes the API config now, on every channel change and to every new controller. */
export function publishApiConfig(container: ControllerSource, baseUrl: string): () => void {
  let latest: ApiConfigMessage | null = null;
  const post = () => {
    if (latest) container.controller?.postMessage(latest);
  };
  const subscription = liveQuery(readChannel).subscribe({
    next: (channel) => {
      latest = apiConfigMessage(baseUrl, channel);
      post();
    },
    error: (err: unknown) => console.warn('API config publishing stopped', err),
  });
  container.addEventListener('controllerchange', post);
  return () => {
    subscription.unsubscribe();
    container.removeEventListener('controllerchange', post);
  };
}

/** Browser wiring for the UI: call once at startup; the callback is the router's navigate. */
export function startServiceWorkerMessages(navigate: (path: string) => void): () => void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => undefined;
  const container = navigator.serviceWorker;
  const stopNavigate = listenForNavigate(container, location.origin, navigate);
  // A click can start the app: deliver messages queued before the listener existed.
  container.startMessages();
  const stopPublish = publishApiConfig(container, `${location.origin}/api/v1`);
  return () => {
    stopNavigate();
    stopPublish();
  };
}
