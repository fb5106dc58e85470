import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError } from '@vrp/config';
import { describe, expect, it } from 'vitest';
import { DEV_SECRET_KEYS, loadBankConnectorConfig } from './config.js';

const PEM = '-----BEGIN CERTIFICATE-----\nMA==\n-----END CERTIFICATE-----\n';
const dir = mkdtempSync(path.join(tmpdir(), 'connector-config-'));
const pem = (name: string) => {
  const file = path.join(dir, name);
  writeFileSync(file, PEM);
  return file;
};

/** Every bank setting a production deployment gives. */
const production = {
  VRP_ENV: 'production',
  DATABASE_URL: 'postgresql://connector:s3cret@db.internal:5432/platform',
  BANK_ISSUER: 'https://auth.bank.example',
  BANK_API_URL: 'https://api.bank.example/open-banking/v4.0/pisp',
  BANK_CLIENT_ID: 'client-1',
  BANK_TRANSPORT_CERT: pem('transport.pem'),
  BANK_TRANSPORT_KEY: pem('transport.key'),
  BANK_SIGNING_KEY: pem('signing.key'),
  BANK_SIGNING_KID: 'kid-1',
  BANK_CA: pem('ca.pem'),
  BANK_SIGNING_ISS: 'org/ssa',
  BANK_TRUST_ANCHOR: 'openbanking.org.uk',
  PUBLIC_BASE_URL: 'https://api.platform.example',
  CONNECTOR_SECRET_KEYS: `k1:${'ab'.repeat(32)}`,
};

function problems(env: NodeJS.ProcessEnv): string[] {
  try {
    loadBankConnectorConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('loadBankConnectorConfig', () => {
  it('takes a production bank from configuration, with the redirect URI under the public address', () => {
    const config = loadBankConnectorConfig(production);
    expect(config).toMatchObject({
      bankIssuer: 'https://auth.bank.example',
      bankPayoutsUrl: 'https://auth.bank.example/model-bank/v1/payouts',
      redirectUri: 'https://api.platform.example/v1/bank/callback',
      grpcPort: 50056,
      metricsPort: 9106,
      settlementDelayMs: 3000,
    });
    expect(config.bankBackOfficeUrl).toBeUndefined();
    expect(config.bankTransportCert.pem).toBe(PEM);
  });

  it('refuses to boot in production without every bank setting, one line per setting', () => {
    expect(problems({ VRP_ENV: 'production' }).map((p) => p.split(' ')[0])).toEqual([
      'DATABASE_URL',
      'BANK_ISSUER',
      'BANK_API_URL',
      'BANK_CLIENT_ID',
      'BANK_TRANSPORT_CERT',
      'BANK_TRANSPORT_KEY',
      'BANK_SIGNING_KEY',
      'BANK_SIGNING_KID',
      'BANK_CA',
      'BANK_SIGNING_ISS',
      'BANK_TRUST_ANCHOR',
      'BANK_PAYOUTS_URL',
      'PUBLIC_BASE_URL',
      'CONNECTOR_SECRET_KEYS',
    ]);
  });

  it('refuses a back office, the development sealing key and a plain-http public address in production', () => {
    expect(
      problems({
        ...production,
        BANK_BACK_OFFICE_URL: 'https://bank.example/back-office',
        CONNECTOR_SECRET_KEYS: DEV_SECRET_KEYS,
        PUBLIC_BASE_URL: 'http://api.platform.example',
      }),
    ).toEqual([
      'BANK_BACK_OFFICE_URL must not be set in production (a back office is the model bank sandbox)',
      'CONNECTOR_SECRET_KEYS must not use the published development key in production',
      'PUBLIC_BASE_URL must be an https URL in production',
    ]);
  });

  it('names a credential file it cannot read, a non-PEM file and a bank URL that is not https', () => {
    const notPem = path.join(dir, 'not.pem');
    writeFileSync(notPem, 'hello');
    expect(
      problems({
        ...production,
        BANK_CA: path.join(dir, 'missing.pem'),
        BANK_SIGNING_KEY: notPem,
        BANK_API_URL: 'http://api.bank.example',
      }),
    ).toEqual([
      `BANK_API_URL must be an https URL, got 'http://api.bank.example'`,
      `BANK_SIGNING_KEY '${notPem}' is not a PEM file`,
      `BANK_CA cannot be read at '${path.join(dir, 'missing.pem')}': ENOENT`,
    ]);
  });

  it('defaults to the model bank in sandbox, with its back office', () => {
    const config = loadBankConnectorConfig({
      ...production,
      VRP_ENV: 'sandbox',
      BANK_ISSUER: '',
      BANK_API_URL: '',
      PUBLIC_BASE_URL: '',
      CONNECTOR_SECRET_KEYS: '',
    });
    expect(config).toMatchObject({
      bankIssuer: 'https://127.0.0.1:8443',
      bankApiUrl: 'https://127.0.0.1:8443/open-banking/v4.0/pisp',
      bankPayoutsUrl: 'https://127.0.0.1:8443/model-bank/v1/payouts',
      bankBackOfficeUrl: 'https://127.0.0.1:8443/back-office',
      publicBaseUrl: 'http://127.0.0.1:8080',
      redirectUri: 'http://127.0.0.1:8080/v1/bank/callback',
    });
    expect(config.secretKeys[0]!.id).toBe('dev');
  });
});
