/**
 * HTTPS over the Node transport trusts what Node's fetch trusts: the bundled CAs and those
 * NODE_EXTRA_CA_CERTS names (read by Node at startup, so each case runs in a child process).
 * The CA and the server's certificate are made by the openssl command line for each run.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const script = join(root, 'test/platform/fixtures/tls-call.mjs');
const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version']);
    return true;
  } catch {
    return false;
  }
})();
let dir: string;

function openssl(...args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
}

beforeAll(() => {
  if (!hasOpenssl) return;
  dir = mkdtempSync(join(tmpdir(), 'opslink-tls-'));
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl('req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '1', '-subj', '/CN=opslink test CA');
  openssl('req', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=localhost');
  writeFileSync(join(dir, 'ext.cnf'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\n');
  openssl(
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'server.pem',
    '-days',
    '1',
    '-extfile',
    'ext.cnf',
  );
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function call(extraCa: boolean): { ok: boolean; error?: string; message?: string; overFetch: boolean } {
  const { NODE_EXTRA_CA_CERTS: _theirs, ...rest } = process.env;
  const env = extraCa ? { ...rest, NODE_EXTRA_CA_CERTS: join(dir, 'ca.pem') } : rest;
  return JSON.parse(execFileSync(process.execPath, [script, dir], { env, encoding: 'utf8' }));
}

describe.runIf(hasOpenssl)('HTTPS with a private CA', () => {
  it('a server whose CA NODE_EXTRA_CA_CERTS names is trusted, over node:https', () => {
    expect(call(true)).toEqual({ ok: true, overFetch: false });
  });

  it('without it, the call fails as a connection error that names the certificate', () => {
    const outcome = call(false);
    expect(outcome).toMatchObject({ ok: false, error: 'APIConnectionError' });
    expect(outcome.message).toMatch(/certificate/i);
  });
});
