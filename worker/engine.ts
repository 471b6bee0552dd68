// The sync engine behind SyncApi (worker/api-types.ts). It runs inside the module Web Worker
// (worker/sync-worker.ts), or in-process in tests and where workers are missing. The drain's
// wake-ups (start, commands, online, visible, focus, the backoff timer, the network probe, any
// answer from the server) live in worker/wake-ups.ts.
import type { BotCheckAction } from '../common/constants';
import type { LoginBody, RegisterBody } from '../common/contract';
import { getAuth, setMeta, viewerId } from '../src/model/meta';
import { createApiClient, type ApiClient } from './api-client';
import type {
  AuthResult, DrainReport, LogoutOptions, LogoutResult, PullName, PullResult, Pulls, SessionTokens, SyncApi, SyncConfig, SyncHooks,
} from './api-types';
import * as auth from './auth';
import { accountCall } from './account';
import type { AccountCallName, AccountCalls, CallResult, DeleteLink, ProviderCallbackQuery, ResetPasswordBody } from './account-types';
import { createPoller, pollCounts, type Poller } from './poll';
import { withMemoryFallback, type UnauthorizedStore } from './unauthorized';
import { pullFeed } from './pull';
import { prefetchForPrayer, type PrefetchReport } from './prefetch';
import { runPull } from './pulls';
import { catchUp, recentCatchUp } from './sync-pull';
import { startLive, type Live, type LiveOptions } from './live';
import { WakeUps } from './wake-ups';

type EngineOptions = {
  /** Tests wrap the real fetch to drop responses or fake server errors. */
  fetch?: typeof fetch;
  /** Tests: the live stream's Web Locks and broadcast (worker/live.ts), its timings, and no stream at all (false). */
  live?: Omit<LiveOptions, 'api' | 'online' | 'visible' | 'setPollInterval'> | false;
  /** Tests: told each time the poll's interval changes (issue #48: slower while a live stream is up). */
  onPollInterval?: (ms: number) => void;
};

const NOT_STARTED = { status: 0, message: 'The sync engine has not been started' };
const EMPTY_REPORT: DrainReport = { sent: 0, refused: 0, remaining: 0, held: 0, retryAt: null, waitsForNetwork: false, authFailed: false };

class SyncEngine implements SyncApi {
  private api: ApiClient | null = null;
  private hooks: SyncHooks | null = null;
  private poller: Poller | null = null;
  private wakeUps: WakeUps | null = null;
  private live: Live | null = null;

  constructor(private readonly options: EngineOptions) {}

  async start(config: SyncConfig, hooks?: SyncHooks): Promise<void> {
    this.hooks = hooks ?? null;
    const api: ApiClient = createApiClient({
      apiBase: config.apiBase,
      ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
      botToken: (action) => this.botToken(action),
      unauthorizedStore: pageStampStore(this.hooks),
      // docs/product.md §4: any 401 to a call with the session's token runs the unauthorized handler.
      onUnauthorized: async (rejected) => {
        const renewed = await auth.refreshAuth(api, rejected);
        // The live stream goes on with the new token, or closes with the session.
        this.live?.sessionChanged();
        return renewed;
      },
      onNetwork: (answered, sentAt) => {
        this.wakeUps?.heard(answered, sentAt);
        this.live?.heard(answered);
      },
    });
    this.api = api;
    // A context that died mid-drain leaves the flag set; nobody drains before start.
    await setMeta('syncing', false);
    this.poller?.stop();
    await this.wakeUps?.stop();
    await this.live?.stop();
    const poller = createPoller(() => pollCounts(api));
    this.poller = poller;
    this.wakeUps = new WakeUps({
      api,
      online: config.online,
      visible: config.visible,
      requestBackgroundSync: () => void Promise.resolve(this.hooks?.requestBackgroundSync()).catch(() => undefined),
      // The poll's one pull also keeps the prefetch fresh (its sections every few minutes, worker/sync-pull.ts).
      setBackgroundActive: (active) => poller.setActive(active),
      onBackOnline: () => void this.prefetch(),
    });
    // Issue #48: the live stream (docs/architecture/live.md 'Live stream'); the poll slows while it
    // is up.
    this.live = this.options.live === false ? null : startLive({
      ...this.options.live,
      api,
      online: config.online,
      visible: config.visible,
      drained: () => this.wakeUps?.idle() ?? Promise.resolve(),
      setPollInterval: (ms) => {
        poller.setInterval(ms);
        this.options.onPollInterval?.(ms);
      },
    });
    // The start's catch-up: the poll's first tick when it runs, else one of its own
    // (docs/decisions/0021-one-pull.md).
    void this.wakeUps.drain().then(() => recentCatchUp(api));
  }

  async poke(): Promise<void> {
    void this.wakeUps?.poke();
  }

  drain(): Promise<DrainReport> {
    return this.wakeUps ? this.wakeUps.drain() : Promise.resolve(EMPTY_REPORT);
  }

  async setOnline(online: boolean): Promise<void> {
    this.wakeUps?.setOnline(online);
    this.live?.setOnline(online);
  }

  async setVisible(visible: boolean): Promise<void> {
    this.wakeUps?.setVisible(visible);
    this.live?.setVisible(visible);
  }

  async pull<K extends PullName>(name: K, args: Pulls[K]): Promise<PullResult> {
    return this.api ? runPull(this.api, name, args) : { ok: false, error: NOT_STARTED };
  }

  async prefetch(): Promise<PrefetchReport> {
    return this.api ? prefetchForPrayer(this.api) : { ok: false, failures: ['not started'] };
  }

  async initSession(tokens: SessionTokens): Promise<AuthResult> {
    if (!this.api) return { ok: false, error: NOT_STARTED };
    const before = viewerId(await getAuth());
    const result = await auth.initSession(this.api, tokens);
    // The poll's first tick ran at start, before the session was known: a session adopted from
    // the cookies alone (a first start on this device) would be counted only a tick (30 s) later.
    // The viewer the store already held was counted by that tick: not asked twice (issue #25).
    this.live?.sessionChanged();
    if (result.ok && result.session.kind !== 'anonymous') {
      const isNewViewer = viewerId(await getAuth()) !== before;
      this.startViewerCounts(this.api, isNewViewer);
    }
    return result;
  }

  async guestLogin(): Promise<AuthResult> {
    return this.signIn((api) => auth.guestLogin(api));
  }

  async login(body: LoginBody): Promise<AuthResult> {
    return this.signIn((api) => auth.login(api, body));
  }

  async register(body: RegisterBody): Promise<AuthResult> {
    return this.signIn((api) => auth.register(api, body));
  }

  async resetPassword(body: ResetPasswordBody): Promise<AuthResult> {
    return this.signIn((api) => auth.resetPassword(api, body));
  }

  async providerCallback(callback: ProviderCallbackQuery): Promise<AuthResult & { created?: boolean; linked?: boolean }> {
    return this.signIn((api) => auth.providerCallback(api, callback));
  }

  async confirmDelete(link: DeleteLink): Promise<CallResult<{ message: string; signedOut: boolean }>> {
    return this.api ? auth.confirmDelete(this.api, link) : { ok: false, error: NOT_STARTED };
  }

  async account<K extends AccountCallName>(name: K, args: AccountCalls[K]['args']): Promise<CallResult<AccountCalls[K]['result']>> {
    return this.api ? accountCall(this.api, name, args) : { ok: false, error: NOT_STARTED };
  }

  async logout(options: LogoutOptions): Promise<LogoutResult> {
    if (!this.api) return { ok: false, unsent: 0, error: NOT_STARTED };
    // Send what can be sent first, so fewer logouts need the user's confirmation.
    if (this.wakeUps?.isOnline) await this.wakeUps.drain();
    const result = await auth.logout(this.api, options);
    // No session, no stream (a guest's next session opens it again).
    this.live?.sessionChanged();
    return result;
  }

  async stop(): Promise<void> {
    this.poller?.stop();
    await this.wakeUps?.stop();
    await this.live?.stop();
    this.live = null;
  }

  /** docs/product.md §5: the page's reCAPTCHA, asked at send time; pages without the hook have the check off. */
  private async botToken(action: BotCheckAction): Promise<string | null> {
    const hooks = this.hooks;
    if (!hooks?.getBotToken) return null;
    return hooks.getBotToken(action);
  }

  /** After a sign-in the outbox can go out, and the feed is the new viewer's. */
  private async signIn<R extends AuthResult>(call: (api: ApiClient) => Promise<R>): Promise<R | AuthResult> {
    if (!this.api) return { ok: false, error: NOT_STARTED };
    const result = await call(this.api);
    this.live?.sessionChanged();
    if (result.ok) {
      await this.drain();
      await pullFeed(this.api, {});
      this.startViewerCounts(this.api);
    }
    return result;
  }

  /**
   * Once the viewer is known: the one pull brings their notifications' count (issue #6), their
   * reminders (issue #13), lists and sessions now, not at the next poll, and its cursor, which is
   * per viewer, starts now (worker/sync-pull.ts). The viewer the store already held was caught up
   * by the start's pull: not asked twice (issue #25).
   */
  private startViewerCounts(api: ApiClient, isNewViewer = true): void {
    if (isNewViewer) void catchUp(api, 'viewer');
  }
}

/** The page's sessionStorage through the hooks (docs/product.md §4 401 timestamp), memory when it fails. */
function pageStampStore(hooks: SyncHooks | null): UnauthorizedStore | undefined {
  if (!hooks) return undefined;
  return withMemoryFallback({
    async read() {
      if (!hooks.readUnauthorizedAt) throw new Error('no page storage');
      return hooks.readUnauthorizedAt();
    },
    async write(at) {
      if (!hooks.writeUnauthorizedAt) throw new Error('no page storage');
      await hooks.writeUnauthorizedAt(at);
    },
  });
}

export function createSyncEngine(options: EngineOptions = {}): SyncApi {
  return new SyncEngine(options);
}
