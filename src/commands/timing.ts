// User Timing marks of the write path, for the tap-latency benchmark (bench/client P1, issue #10):
// it splits "click -> count painted" into the wait before the command starts, the command's
// transaction, and what follows its commit. One entry per name is kept, so the browser's
// performance timeline does not grow with the number of actions.
export type CommandMark = 'command:start' | 'command:committed';

export function markCommand(name: CommandMark): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  performance.clearMarks(name);
  performance.mark(name);
}
