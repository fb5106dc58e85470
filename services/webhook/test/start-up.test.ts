import { checkStartUpRelease } from '@vrp/testing';
import { describe, expect, it } from 'vitest';
import { startWebhookService } from '../src/app.js';
import { loadWebhookConfig } from '../src/config.js';

describe('start-up', () => {
  it('releases its database and NATS connections, loops and timers when a start fails, and again on stop', async () => {
    const { before, whileRunning } = await checkStartUpRelease({
      migrations: ['webhook'],
      portSetting: 'GRPC_PORT',
      holdsWhileRunning: (now, before) => now.postgres > before.postgres && now.nats > before.nats,
      start: (env) => startWebhookService(loadWebhookConfig(env)),
    });
    // The check would prove nothing if the service held nothing: while running it holds both.
    expect(whileRunning.postgres).toBeGreaterThan(before.postgres);
    expect(whileRunning.nats).toBeGreaterThan(before.nats);
  });
});
