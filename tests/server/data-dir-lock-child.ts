// A process that takes the DATA_DIR lock of argv[2] when told (data-dir-lock-rules.test.ts races
// several of these for one stale lock): prints 'ready' once loaded, tries on the first line of
// stdin, then prints 'won' and holds the lock until stdin closes, or prints 'refused: <message>'.
import { acquireDataDirLock, DataDirInUseError, type DataDirLock } from '../../server/db/data-dir-lock';

const dir = process.argv[2];
if (dir === undefined) throw new Error('usage: data-dir-lock-child.ts <dir>');
let lock: DataDirLock | undefined;
process.stdin.setEncoding('utf8');
process.stdin.once('data', () => {
  try {
    lock = acquireDataDirLock(dir);
    console.log('won');
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    console.log(`refused: ${error.message}`);
  }
});
process.stdin.on('end', () => {
  lock?.release();
  process.exit(0);
});
console.log('ready');
