import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '@vrp/config';
import type { BankCredentialFiles } from '@vrp/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { testCredentials } from '../test/support/credentials.js';
import { loadModelBankConfig } from './config.js';

let files: BankCredentialFiles;
let env: Record<string, string>;

beforeAll(() => {
  files = testCredentials().files;
  env = {
    MODEL_BANK_TLS_CERT: files.bankServerCert,
    MODEL_BANK_TLS_KEY: files.bankServerKey,
    MODEL_BANK_CLIENT_CA: files.ca,
    MODEL_BANK_SIGNING_KEY: files.bankSigningKey,
    MODEL_BANK_CLIENT_JWKS: files.tppSigningJwks,
  };
});

const problems = (settings: Record<string, string>) => {
  try {
    loadModelBankConfig(settings);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
};

describe('loadModelBankConfig', () => {
  it('has defaults that work locally', () => {
    const config = loadModelBankConfig(env);
    expect(config).toMatchObject({ port: 8443, metricsPort: 9105, host: '127.0.0.1', trustAnchor: 'model-bank.local', issuer: undefined });
    // The bank connector's sandbox default: the two agree with nothing set; empty turns the back office off.
    expect(config.backOfficeToken).toBe('model-bank-sandbox-back-office');
    expect(loadModelBankConfig({ ...env, MODEL_BANK_BACK_OFFICE_TOKEN: '' }).backOfficeToken).toBeUndefined();
    expect(config.clients).toEqual([
      expect.objectContaining({
        clientId: 'vrp-platform',
        signingIss: 'vrp-platform',
        redirectUris: ['http://127.0.0.1:8080/v1/bank/callback'],
        eventUrl: 'http://127.0.0.1:8080/v1/bank/event-notifications',
      }),
    ]);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('refuses production: a model bank is never production', () => {
    expect(problems({ ...env, VRP_ENV: 'production' })).toEqual([
      'VRP_ENV is production: the model bank serves sandbox and tests only, never production',
    ]);
  });

  it('names every bad setting on its own line, files included', () => {
    expect(
      problems({
        ...env,
        MODEL_BANK_TLS_CERT: '/nowhere/cert.pem',
        MODEL_BANK_SIGNING_KEY: files.bankServerKey,
        MODEL_BANK_PORT: 'eighty',
        MODEL_BANK_ISSUER: 'http://bank.example/path',
        MODEL_BANK_CLIENT_REDIRECT_URIS: 'not a url',
      }),
    ).toEqual([
      "MODEL_BANK_PORT must be a whole number, got 'eighty'",
      "MODEL_BANK_ISSUER must be an https origin (scheme, host and port, no path), got 'http://bank.example/path'",
      'MODEL_BANK_TLS_CERT cannot be read (/nowhere/cert.pem: ENOENT)',
      `MODEL_BANK_SIGNING_KEY is not usable (${files.bankServerKey}): PS256 needs an RSA key`,
    ]);
    // The clients are checked once every setting reads.
    expect(problems({ ...env, MODEL_BANK_CLIENT_REDIRECT_URIS: 'not a url' })).toEqual([
      'MODEL_BANK_CLIENT_REDIRECT_URIS must list at least one http(s) URL',
    ]);
  });

  it('registers further clients from a JSON file, refusing a bad entry by its place and a client id twice', () => {
    const jwks = { keys: [{ kty: 'RSA', n: 'x', e: 'AQAB', kid: 'k' }] };
    const file = path.join(files.dir, 'clients.json');
    writeFileSync(
      file,
      JSON.stringify([
        { client_id: 'second', jwks, redirect_uris: ['https://second.example/cb'], event_url: 'https://second.example/events' },
      ]),
    );
    expect(loadModelBankConfig({ ...env, MODEL_BANK_CLIENTS_FILE: file }).clients.map((c) => [c.clientId, c.eventUrl])).toEqual([
      ['vrp-platform', 'http://127.0.0.1:8080/v1/bank/event-notifications'],
      ['second', 'https://second.example/events'],
    ]);
    writeFileSync(file, JSON.stringify([{ client_id: 'vrp-platform', jwks, redirect_uris: [] }]));
    expect(problems({ ...env, MODEL_BANK_CLIENTS_FILE: file })).toEqual([
      'MODEL_BANK_CLIENTS_FILE[0].redirect_uris must list at least one http(s) URL',
    ]);
    writeFileSync(file, JSON.stringify([{ client_id: 'vrp-platform', jwks, redirect_uris: ['https://x.example/cb'] }]));
    expect(problems({ ...env, MODEL_BANK_CLIENTS_FILE: file })).toEqual([
      'client ids must be unique; registered more than once: vrp-platform',
    ]);
  });
});
