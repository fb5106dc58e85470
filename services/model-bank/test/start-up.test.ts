import { checkStartUpRelease } from '@vrp/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadModelBankConfig, startModelBank } from '../src/index.js';
import { bankEnv } from './support/bank.js';
import { testCredentials, type TestCredentials } from './support/credentials.js';

let credentials: TestCredentials;

beforeAll(() => {
  credentials = testCredentials();
});

describe('start-up', () => {
  it('releases its database connections, timers and sockets when a start fails (its port taken), and again on stop', async () => {
    const { before, whileRunning } = await checkStartUpRelease({
      migrations: ['model-bank'],
      portSetting: 'MODEL_BANK_PORT',
      holdsWhileRunning: (now, before) => now.postgres > before.postgres,
      start: (env) =>
        startModelBank(
          loadModelBankConfig({
            ...bankEnv(credentials, { url: env.DATABASE_URL!, name: '', drop: async () => undefined }),
            LOG_LEVEL: 'silent',
            MODEL_BANK_PORT: env.MODEL_BANK_PORT!,
          }),
        ),
    });
    // The check would prove nothing if the bank held nothing: while running it holds database connections.
    expect(whileRunning.postgres).toBeGreaterThan(before.postgres);
  });
});
