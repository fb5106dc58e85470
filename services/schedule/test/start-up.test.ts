import { checkStartUpRelease } from '@vrp/testing';
import { describe, expect, it } from 'vitest';
import { startScheduleService } from '../src/app.js';
import { loadScheduleConfig } from '../src/config.js';

describe('start-up', () => {
  it('releases its database and NATS connections, loops and timers when a start fails, and again on stop', async () => {
    const { before, whileRunning } = await checkStartUpRelease({
      migrations: ['schedule'],
      portSetting: 'GRPC_PORT',
      holdsWhileRunning: (now, before) => now.postgres > before.postgres && now.nats > before.nats,
      start: (env) => startScheduleService(loadScheduleConfig(env)),
    });
    expect(whileRunning.postgres).toBeGreaterThan(before.postgres);
    expect(whileRunning.nats).toBeGreaterThan(before.nats);
  });
});
