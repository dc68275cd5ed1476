/**
 * A private CA and a certificate for `localhost`, `127.0.0.1` and `::1`, made by the openssl
 * command line once per test process, and a way to trust that CA in this process for a while
 * (`tls.setDefaultCACertificates`, Node ≥ 22.19 / 24.5): both transports (node:https and
 * Node's fetch) then verify the test servers as they would a real one, no verification
 * switched off.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';

export interface Certificates {
  ca: string;
  key: string;
  cert: string;
}

export const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version']);
    return true;
  } catch {
    return false;
  }
})();

/** Whether this Node can change the CAs its TLS clients trust without a restart. */
export const canTrustInProcess = typeof (tls as { setDefaultCACertificates?: unknown }).setDefaultCACertificates === 'function';

let made: Certificates | undefined;

export function certificates(): Certificates {
  if (made) return made;
  const dir = mkdtempSync(join(tmpdir(), 'opslink-certs-'));
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
  try {
    const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
    openssl('req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '1', '-subj', '/CN=opslink test CA');
    openssl('req', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=localhost');
    writeFileSync(join(dir, 'ext.cnf'), 'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1\n');
    const sign = ['-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.pem'];
    openssl('x509', ...sign, '-days', '1', '-extfile', 'ext.cnf');
    const read = (file: string) => readFileSync(join(dir, file), 'utf8');
    made = { ca: read('ca.pem'), key: read('server.key'), cert: read('server.pem') };
    return made;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Trusts `ca` (besides the bundled CAs) in this process; the returned function puts the CAs back. */
export function trustInProcess(ca: string): () => void {
  const api = tls as unknown as { setDefaultCACertificates(certs: string[]): void; getCACertificates(type?: string): string[] };
  const before = api.getCACertificates('default');
  api.setDefaultCACertificates([...before, ca]);
  return () => api.setDefaultCACertificates(before);
}
