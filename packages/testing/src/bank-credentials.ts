import { execFileSync } from 'node:child_process';
import { createPublicKey, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A PS256 signing key: PKCS#8 PEM, its public JWK and the key id both sides know it by. */
export interface SigningKey {
  kid: string;
  privateKeyPem: string;
  publicJwk: Record<string, unknown>;
}

/**
 * Everything a PISP and a bank need to talk Open Banking to each other over mutual TLS, from one
 * throwaway trust anchor: the CA both trust, the bank's server certificate (127.0.0.1 / localhost
 * / ::1), the PISP's transport (client) certificate, and each side's message-signing key.
 */
export interface BankCredentials {
  ca: string;
  bankServer: { cert: string; key: string };
  tppTransport: { cert: string; key: string };
  tppSigning: SigningKey;
  bankSigning: SigningKey;
  /**
   * Further client certificates from the same trust anchor, one per name asked for (see
   * generateBankCredentials' `otherClients`): a second PISP, or a certificate a token was not bound to.
   */
  otherTransports?: Record<string, { cert: string; key: string }>;
}

/** Paths of the same material written to a folder, as the services' settings take them. */
export interface BankCredentialFiles {
  dir: string;
  ca: string;
  bankServerCert: string;
  bankServerKey: string;
  tppTransportCert: string;
  tppTransportKey: string;
  tppSigningKey: string;
  tppSigningJwks: string;
  bankSigningKey: string;
  bankSigningJwks: string;
}

/**
 * Generates fresh credentials with openssl (a few seconds: two RSA keys for signing, EC keys for
 * TLS). `clientId` is the PISP's client id at the bank (the transport certificate's subject);
 * `otherClients` names further transport certificates to issue from the same trust anchor.
 */
export function generateBankCredentials(clientId = 'vrp-platform', options: { otherClients?: string[] } = {}): BankCredentials {
  const dir = mkdtempSync(path.join(tmpdir(), 'bank-credentials-'));
  const f = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  const ecKey = (out: string) => openssl('genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-out', f(out));
  const sign = (name: string, subject: string, ext: string) => {
    ecKey(`${name}.key`);
    openssl('req', '-new', '-key', f(`${name}.key`), '-subj', subject, '-out', f(`${name}.csr`));
    writeFileSync(f(`${name}.cnf`), ext);
    openssl(
      'x509',
      '-req',
      '-in',
      f(`${name}.csr`),
      '-CA',
      f('ca.pem'),
      '-CAkey',
      f('ca.key'),
      '-CAcreateserial',
      '-days',
      '30',
      '-extfile',
      f(`${name}.cnf`),
      '-out',
      f(`${name}.pem`),
    );
    return { cert: readFileSync(f(`${name}.pem`), 'utf8'), key: readFileSync(f(`${name}.key`), 'utf8') };
  };
  const signingKey = (name: string): SigningKey => {
    openssl('genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', f(`${name}.key`));
    const privateKeyPem = readFileSync(f(`${name}.key`), 'utf8');
    const kid = `${name}-${randomUUID().slice(0, 8)}`;
    const publicJwk = { ...createPublicKey(privateKeyPem).export({ format: 'jwk' }), kid, alg: 'PS256', use: 'sig' };
    return { kid, privateKeyPem, publicJwk };
  };
  try {
    ecKey('ca.key');
    openssl('req', '-x509', '-new', '-key', f('ca.key'), '-days', '30', '-subj', '/CN=VRP Test Trust Anchor', '-out', f('ca.pem'));
    const bankServer = sign(
      'bank-server',
      '/CN=127.0.0.1',
      'subjectAltName=IP:127.0.0.1,IP:::1,DNS:localhost\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n',
    );
    const tppTransport = sign(
      'tpp-transport',
      `/O=VRP Platform/CN=${clientId}`,
      'basicConstraints=CA:FALSE\nextendedKeyUsage=clientAuth\n',
    );
    const others = options.otherClients?.length
      ? {
          otherTransports: Object.fromEntries(
            options.otherClients.map((name, i) => [
              name,
              sign(`other-${i}`, `/O=VRP Platform/CN=${name}`, 'basicConstraints=CA:FALSE\nextendedKeyUsage=clientAuth\n'),
            ]),
          ),
        }
      : {};
    return {
      ca: readFileSync(f('ca.pem'), 'utf8'),
      bankServer,
      tppTransport,
      tppSigning: signingKey('tpp'),
      bankSigning: signingKey('bank'),
      ...others,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Writes credentials to `dir` (created if missing) with private keys readable by the owner only. */
export function writeBankCredentials(credentials: BankCredentials, dir: string): BankCredentialFiles {
  mkdirSync(dir, { recursive: true });
  const write = (name: string, content: string, secret = false) => {
    const file = path.join(dir, name);
    writeFileSync(file, content, { mode: secret ? 0o600 : 0o644 });
    return file;
  };
  return {
    dir,
    ca: write('ca.pem', credentials.ca),
    bankServerCert: write('bank-server.pem', credentials.bankServer.cert),
    bankServerKey: write('bank-server.key', credentials.bankServer.key, true),
    tppTransportCert: write('tpp-transport.pem', credentials.tppTransport.cert),
    tppTransportKey: write('tpp-transport.key', credentials.tppTransport.key, true),
    tppSigningKey: write('tpp-signing.key', credentials.tppSigning.privateKeyPem, true),
    tppSigningJwks: write('tpp-signing.jwks.json', JSON.stringify({ keys: [credentials.tppSigning.publicJwk] }, null, 2)),
    bankSigningKey: write('bank-signing.key', credentials.bankSigning.privateKeyPem, true),
    bankSigningJwks: write('bank-signing.jwks.json', JSON.stringify({ keys: [credentials.bankSigning.publicJwk] }, null, 2)),
  };
}
