// User Timing marks for the client benchmarks (bench/client, issue #10). P1 splits "click -> count
// painted" into the wait before the command starts and the command's transaction; P2 splits a
// cold start into loading the scripts, the translations and the first render. One entry per name
// is kept, so the browser's performance timeline does not grow with the number of actions.
type TimingMark =
  | 'command:start' | 'command:committed'
  | 'boot:script' | 'boot:i18n' | 'boot:render' | 'boot:layout' | 'boot:feed-route' | 'boot:feed-window';

export function markTiming(name: TimingMark): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  performance.clearMarks(name);
  performance.mark(name);
}

/** A mark kept at its first time only (a start's steps: a later render or read does not move it). */
export function markTimingOnce(name: TimingMark): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  if (performance.getEntriesByName(name, 'mark').length > 0) return;
  performance.mark(name);
}
