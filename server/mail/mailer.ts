// Outgoing mail through nodemailer: SMTP when SMTP_URL is set; otherwise each message is written
// as an .eml file under ${DATA_DIR}/mail/ (development, tests), so a reset or deletion link can be
// opened by hand without any mail server.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import type { AccountsConfig } from '../accounts-config';

type MailMessage = { to: string; subject: string; text: string };
export type Mailer = { send(message: MailMessage): Promise<void> };

type MailerConfig = Pick<AccountsConfig, 'dataDir' | 'mail'>;

function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

/** The directory the .eml files go to when no SMTP server is configured. */
function mailDir(config: Pick<AccountsConfig, 'dataDir'>): string {
  return join(config.dataDir, 'mail');
}

function fileMailer(dir: string, from: string): Mailer {
  const transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      // Quoted-printable keeps the links readable in the file (wrapped with '=' soft breaks).
      const info = await transport.sendMail({ from, textEncoding: 'quoted-printable', ...message });
      if (!Buffer.isBuffer(info.message)) throw new Error('streamTransport did not buffer the message');
      await mkdir(dir, { recursive: true });
      // Sortable by time, unique within the same millisecond.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      await writeFile(join(dir, name), info.message, { mode: 0o600 });
    },
  };
}

export function createMailer(config: MailerConfig): Mailer {
  return config.mail.smtpUrl === undefined
    ? fileMailer(mailDir(config), config.mail.from)
    : smtpMailer(config.mail.smtpUrl, config.mail.from);
}
