// A self-signed certificate for 127.0.0.1 and localhost, made with Debian's openssl in a temp
// directory: the TLS_CERT/TLS_KEY files of a local https server (server/config.ts). Used by the
// server's TLS test and the cross-engine suite (e2e/engines), whose browsers accept it as insecure.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type SelfSigned = { certFile: string; keyFile: string; remove(): void };

export function makeSelfSignedCert(): SelfSigned {
  const dir = mkdtempSync(join(tmpdir(), 'prayer-tls-'));
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2',
    '-keyout', keyFile, '-out', certFile,
    '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
  ], { stdio: 'ignore' });
  return { certFile, keyFile, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
