// The shape of a cross-engine journey: written once against EngineDriver, run by each engine's
// file (firefox.engine.ts, webkit.engine.ts) through defineEngineSuite (suite.ts).
import type { CutProxy } from '../support/cut-proxy';
import type { AppServer } from './support/app-server';
import type { EngineDriver, EngineName } from './support/driver';

/** One fresh browser profile for the journey, reaching the app through its own cut proxy. */
export type Session = { driver: EngineDriver; proxy: CutProxy };

export type JourneyContext = {
  engine: EngineName;
  server: AppServer;
  /** A new session (closed by the suite after the journey). `plainHttp`: the app over http, no TLS. */
  session(options?: { plainHttp?: boolean }): Promise<Session>;
  /** Settles when the engine's journeys on other lanes are done (at once on the only lane; suite.ts). */
  othersDone: Promise<void>;
  /** A line in the run's output, prefixed with the engine and the journey. */
  note(message: string): void;
};

export type Journey = {
  id: number;
  name: string;
  /** The engines it runs in (default: both). */
  engines?: readonly EngineName[];
  run(context: JourneyContext): Promise<void>;
};
