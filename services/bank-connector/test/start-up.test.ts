import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkStartUpRelease, generateBankCredentials, writeBankCredentials } from '@vrp/testing';
import { describe, expect, it } from 'vitest';
import { startBankConnectorService } from '../src/app.js';
import { loadBankConnectorConfig } from '../src/config.js';

describe('start-up', () => {
  it('releases its database and NATS connections, loops and timers when a start fails, and again on stop', async () => {
    const credentials = generateBankCredentials();
    const files = writeBankCredentials(credentials, mkdtempSync(path.join(tmpdir(), 'connector-start-')));
    const bank = {
      METRICS_PORT: '0',
      BANK_TRANSPORT_CERT: files.tppTransportCert,
      BANK_TRANSPORT_KEY: files.tppTransportKey,
      BANK_SIGNING_KEY: files.tppSigningKey,
      BANK_SIGNING_KID: credentials.tppSigning.kid,
      BANK_CA: files.ca,
    };
    const { before, whileRunning } = await checkStartUpRelease({
      migrations: ['bank-connector'],
      portSetting: 'GRPC_PORT',
      holdsWhileRunning: (now, before) => now.postgres > before.postgres && now.nats > before.nats,
      start: (env) => startBankConnectorService(loadBankConnectorConfig({ ...env, ...bank })),
    });
    // The check would prove nothing if the service held nothing: while running it holds both.
    expect(whileRunning.postgres).toBeGreaterThan(before.postgres);
    expect(whileRunning.nats).toBeGreaterThan(before.nats);
  });
});
