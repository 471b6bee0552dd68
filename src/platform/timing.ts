// User Timing marks for the client benchmarks (bench/client, issue #10). P1 splits "click -> count
// painted" into the wait before the command starts and the command's transaction; P2 splits a
// cold start into loading the scripts, the translations and the first render. One entry per name
// is kept, so the browser's performance timeline does not grow with the number of actions.
export type TimingMark = 'command:start' | 'command:committed' | 'boot:script' | 'boot:i18n' | 'boot:render';

export function markTiming(name: TimingMark): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  performance.clearMarks(name);
  performance.mark(name);
}
