// A file generated once and then kept (the app secret, server/domain/signed-links.ts; the VAPID
// key pair, server/push/vapid.ts): written aside with mode 0600, then linked into place, which is
// atomic and fails if the file exists, so processes starting together agree on one content and
// none reads half a file.
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** The content of `file`, written first from `generate()` when there is none. */
export function readOrCreate(file: string, generate: () => string): string {
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, generate(), { mode: 0o600 });
    try {
      linkSync(partial, file);
    } catch (error) {
      // Another process linked its own first: theirs is the one.
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
    } finally {
      unlinkSync(partial);
    }
  }
  return readFileSync(file, 'utf8');
}
