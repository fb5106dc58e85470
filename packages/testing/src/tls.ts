import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A throwaway CA and a server certificate it signed for 127.0.0.1 / localhost / ::1. */
export interface TestTls {
  ca: string;
  cert: string;
  key: string;
}

/** Generates fresh TLS material with openssl (a second or so); nothing is kept on disk. */
export function generateTestTls(): TestTls {
  const dir = mkdtempSync(path.join(tmpdir(), 'test-tls-'));
  const f = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  try {
    openssl(
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=VRP Test CA',
      '-keyout',
      f('ca.key'),
      '-out',
      f('ca.pem'),
    );
    openssl(
      'req',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-subj',
      '/CN=127.0.0.1',
      '-keyout',
      f('server.key'),
      '-out',
      f('server.csr'),
    );
    writeFileSync(f('ext.cnf'), 'subjectAltName=IP:127.0.0.1,IP:::1,DNS:localhost\nbasicConstraints=CA:FALSE\n');
    openssl(
      'x509',
      '-req',
      '-in',
      f('server.csr'),
      '-CA',
      f('ca.pem'),
      '-CAkey',
      f('ca.key'),
      '-CAcreateserial',
      '-days',
      '2',
      '-extfile',
      f('ext.cnf'),
      '-out',
      f('server.pem'),
    );
    return {
      ca: readFileSync(f('ca.pem'), 'utf8'),
      cert: readFileSync(f('server.pem'), 'utf8'),
      key: readFileSync(f('server.key'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
