// docs/product.md §7 auth/check-email, auth/forgot-password, auth/reset-password (docs/product.md §2 /password-reset/{token}),
// their rate limits, and the mail transport (.eml files, or SMTP when SMTP_URL is set).
import { createServer, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { CheckEmailResponse, MessageResponse } from '../../common/account-contract';
import type { ApiError, AuthResponse, Envelope } from '../../common/contract';
import { DEMO, startApi, uniqueEmail, useApi } from './api';
import { lastMailTo, linkPath, readMails, tempDataDir } from './accounts-support';
import { listenLocal } from './server-process';

const FORGOT_MESSAGE = 'If an account exists for this email, we sent a link to reset the password.';
const data = tempDataDir();
// Registered first, so it runs after the server's own afterAll has closed it.
afterAll(() => data.remove());
const api = useApi({ config: { dataDir: data.dir, publicUrl: 'https://app.example' } });

async function member(channelId = 1): Promise<{ email: string; token: string }> {
  const email = uniqueEmail('recover');
  const r = await api.call<Envelope<AuthResponse>>('POST', 'auth/register', { body: { name: 'Rita Recover', email, password: 'old-password', channel_id: channelId } });
  return { email, token: r.json.data.authorization.token };
}

async function resetToken(email: string): Promise<string> {
  const r = await api.call<Envelope<MessageResponse>>('POST', 'auth/forgot-password', { body: { email } });
  expect(r.json.data.message).toBe(FORGOT_MESSAGE);
  return decodeURIComponent(linkPath(lastMailTo(data.dir, email), '/password-reset/').split('/').at(-1) ?? '');
}

describe('POST auth/check-email', () => {
  it('tells whether a member has the email (any case), validates it', async () => {
    const yes = await api.call<Envelope<CheckEmailResponse>>('POST', 'auth/check-email', { body: { email: ` ${DEMO.email.toUpperCase()} ` } });
    expect(yes.json).toEqual({ data: { exists: true } });
    expect((await api.call<Envelope<CheckEmailResponse>>('POST', 'auth/check-email', { body: { email: 'nobody@example.test' } })).json.data.exists).toBe(false);
    const bad = await api.call<ApiError>('POST', 'auth/check-email', { body: { email: 'not-an-email' } });
    expect(bad.status).toBe(422);
    expect(bad.json.errors?.email).toBeDefined();
  });
});

describe('POST auth/forgot-password', () => {
  it('answers the same for unknown and known emails; only the member gets a mail, in their language and channel', async () => {
    const before = readMails(data.dir).length;
    const unknown = await api.call<Envelope<MessageResponse>>('POST', 'auth/forgot-password', { body: { email: 'nobody@example.test' } });
    expect(unknown.status).toBe(200);
    expect(unknown.json.data.message).toBe(FORGOT_MESSAGE);
    expect(readMails(data.dir)).toHaveLength(before);
    const m = await member(2);
    const known = await api.call<Envelope<MessageResponse>>('POST', 'auth/forgot-password', { body: { email: m.email } });
    expect(known.json).toEqual(unknown.json);
    const mail = lastMailTo(data.dir, m.email);
    expect(mail.subject).toBe('Redefina sua senha');
    expect(linkPath(mail, '/password-reset/')).toMatch(/^\/pt\/password-reset\/[\w-]{20,}$/);
    expect(mail.text).toContain('https://app.example/pt/password-reset/');
  });

  it('validates the email (422)', async () => {
    expect((await api.call('POST', 'auth/forgot-password', { body: {} })).status).toBe(422);
  });
});

describe('POST auth/reset-password', () => {
  it('sets the new password with the mailed token, signs in, and signs every old session out', async () => {
    const m = await member();
    const token = await resetToken(m.email);
    const r = await api.call<Envelope<AuthResponse & MessageResponse>>('POST', 'auth/reset-password', { body: { token, password: 'new-password' } });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ user: { email: m.email }, authorization: { token: expect.any(String) }, message: expect.any(String) });
    expect((await api.call('GET', 'auth/me', { token: r.json.data.authorization.token })).status).toBe(200);
    expect((await api.call('GET', 'auth/me', { token: m.token })).status).toBe(401);
    await api.login(m.email, 'new-password');
    expect((await api.call('POST', 'auth/login', { body: { email: m.email, password: 'old-password' } })).status).toBe(401);
  });

  it('refuses a used, unknown, superseded or expired token with 422', async () => {
    const m = await member();
    const used = await resetToken(m.email);
    expect((await api.call('POST', 'auth/reset-password', { body: { token: used, password: 'new-password' } })).status).toBe(200);
    const again = await api.call<ApiError>('POST', 'auth/reset-password', { body: { token: used, password: 'other-password' } });
    expect(again.status).toBe(422);
    expect(again.json.errors?.token).toEqual(['This password reset link is invalid or has expired']);
    expect((await api.call('POST', 'auth/reset-password', { body: { token: 'made-up', password: 'new-password' } })).status).toBe(422);

    const older = await resetToken(m.email);
    const newer = await resetToken(m.email);
    expect((await api.call('POST', 'auth/reset-password', { body: { token: older, password: 'new-password' } })).status).toBe(422);
    await api.server.handle.db.execute(sql`UPDATE password_resets SET expires_at = now() - interval '1 minute' WHERE used_at IS NULL`);
    expect((await api.call('POST', 'auth/reset-password', { body: { token: newer, password: 'new-password' } })).status).toBe(422);
  });

  it('validates the new password (422) without using the token', async () => {
    const m = await member();
    const token = await resetToken(m.email);
    const short = await api.call<ApiError>('POST', 'auth/reset-password', { body: { token, password: 'short' } });
    expect(short.status).toBe(422);
    expect(short.json.errors?.password).toBeDefined();
    expect((await api.call('POST', 'auth/reset-password', { body: { token, password: 'long-enough' } })).status).toBe(200);
  });
});

describe('rate limits', () => {
  const limited = useApi({ rateLimit: { max: 2, timeWindowMs: 60_000 } });

  it.each(['auth/check-email', 'auth/forgot-password'])('answers too many %s calls with 429 and a message', async (path) => {
    const attempt = () => limited.call<ApiError>('POST', path, { body: { email: 'someone@example.test' } });
    expect((await attempt()).status).toBe(200);
    expect((await attempt()).status).toBe(200);
    expect((await attempt()).json).toMatchObject({ status: 429, message: expect.stringMatching(/Too many attempts/) });
  });
});

describe('SMTP transport', () => {
  it('sends through SMTP_URL when it is set', async () => {
    const received: string[] = [];
    const smtp = createServer((socket: Socket) => {
      let inData = false;
      let message = '';
      socket.write('220 fake ESMTP\r\n');
      socket.on('data', (chunk: Buffer) => {
        for (const line of chunk.toString('utf8').split('\r\n').filter((l, i, all) => l !== '' || i < all.length - 1)) {
          if (inData) {
            if (line === '.') {
              inData = false;
              received.push(message);
              socket.write('250 queued\r\n');
            } else message += `${line}\n`;
          } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 fake\r\n');
          else if (/^DATA/i.test(line)) {
            inData = true;
            socket.write('354 go\r\n');
          } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
          else socket.write('250 ok\r\n');
        }
      });
    });
    const port = await listenLocal(smtp);
    const viaSmtp = await startApi({ config: { mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Prayer <no-reply@prayer.local>' } } });
    try {
      expect((await viaSmtp.call('POST', 'auth/forgot-password', { body: { email: DEMO.email } })).status).toBe(200);
      expect(received).toHaveLength(1);
      expect(received[0]).toMatch(/Subject: Reset your password/);
    } finally {
      await viaSmtp.close();
      smtp.close();
    }
  });
});
