import type { PrivacyWatch } from './privacy-watch.js';

/** What every phase of a run works with: the server under test, the privacy watch, progress. */
export interface RunContext {
  /** http://HOST:PORT */
  base: string;
  /** ws://HOST:PORT/ws */
  wsUrl: string;
  /** The server's node process, when its memory and CPU can be read from /proc. */
  pid?: number;
  /** Told every text said in the run, when the privacy check runs. */
  privacy?: PrivacyWatch;
  /** A progress line for the person watching (stderr, not the report). */
  progress: (line: string) => void;
}
