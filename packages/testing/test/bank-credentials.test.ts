import { X509Certificate, createPrivateKey } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateBankCredentials, writeBankCredentials } from '../src/index.js';

describe('generateBankCredentials', () => {
  it('makes a trust anchor that signed the bank and transport certificates, and two PS256 keys', () => {
    const creds = generateBankCredentials('tpp-client');
    const ca = new X509Certificate(creds.ca);
    const server = new X509Certificate(creds.bankServer.cert);
    const transport = new X509Certificate(creds.tppTransport.cert);
    expect(server.verify(ca.publicKey)).toBe(true);
    expect(transport.verify(ca.publicKey)).toBe(true);
    expect(server.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(transport.subject).toContain('CN=tpp-client');
    expect(createPrivateKey(creds.tppSigning.privateKeyPem).asymmetricKeyType).toBe('rsa');
    expect(creds.tppSigning.publicJwk).toMatchObject({ kty: 'RSA', alg: 'PS256', kid: creds.tppSigning.kid });
    expect(creds.tppSigning.kid).not.toBe(creds.bankSigning.kid);
    expect(creds.otherTransports).toBeUndefined();

    const dir = path.join(tmpdir(), `bank-creds-${process.pid}`);
    try {
      const files = writeBankCredentials(creds, dir);
      expect(readFileSync(files.tppSigningKey, 'utf8')).toBe(creds.tppSigning.privateKeyPem);
      expect(JSON.parse(readFileSync(files.bankSigningJwks, 'utf8'))).toEqual({ keys: [creds.bankSigning.publicJwk] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('generateBankCredentials with other clients', () => {
  it('issues a further transport certificate per name from the same trust anchor', () => {
    const creds = generateBankCredentials('tpp-client', { otherClients: ['second-pisp'] });
    const ca = new X509Certificate(creds.ca);
    const other = new X509Certificate(creds.otherTransports!['second-pisp']!.cert);
    expect(other.verify(ca.publicKey)).toBe(true);
    expect(other.subject).toContain('CN=second-pisp');
    expect(other.fingerprint256).not.toBe(new X509Certificate(creds.tppTransport.cert).fingerprint256);
    expect(createPrivateKey(creds.otherTransports!['second-pisp']!.key).asymmetricKeyType).toBe('ec');
  });
});
