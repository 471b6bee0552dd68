// The mail the e2e server writes as .eml files under its DATA_DIR (each parallel worker's server has
// its own: e2e/support/servers.ts), since no SMTP server is set. Reads the newest mail to an
// address and the app link in it (quoted-printable, as the server writes it).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { e2eServer, workerIndex } from './servers';

const MAIL_DIR = join(e2eServer(workerIndex()).dataDir, 'mail');

function decodeQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function mailFiles(): string[] {
  try {
    return readdirSync(MAIL_DIR).filter((file) => file.endsWith('.eml')).sort();
  } catch {
    return []; // nothing sent yet
  }
}

/** The path of the app link containing `marker` in the newest mail to `to`, or null when none came yet. */
export function linkInLatestMail(to: string, marker: string): string | null {
  for (const file of mailFiles().reverse()) {
    const raw = readFileSync(join(MAIL_DIR, file), 'utf8');
    const split = raw.indexOf('\n\n');
    if (!new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(raw.slice(0, split))) continue;
    const url = decodeQuotedPrintable(raw.slice(split + 2))
      .split(/\s+/)
      .find((word) => word.includes(marker));
    if (url) return new URL(url).pathname;
  }
  return null;
}
