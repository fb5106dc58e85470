/**
 * The local platform the walk-through, the benchmark and the fault suite run on: one service can
 * be killed and brought back without taking the others down, and dispose leaves nothing behind
 * (no database, no event stream).
 */
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { TEST_DATABASE_ADMIN_URL, TEST_NATS_URL, waitFor } from '@vrp/testing';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startLocalPlatform } from './local-platform.js';

async function streamExists(name: string): Promise<boolean> {
  const nc = await connect({ servers: TEST_NATS_URL });
  try {
    const jsm = await jetstreamManager(nc);
    return await jsm.streams.info(name).then(
      () => true,
      () => false,
    );
  } finally {
    await nc.close();
  }
}

async function databaseExists(url: string): Promise<boolean> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_ADMIN_URL });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [new URL(url).pathname.slice(1)]);
    return rowCount === 1;
  } finally {
    await admin.end();
  }
}

describe('local platform', () => {
  it('restarts one killed service on its port, and dispose drops its database and deletes its stream', async () => {
    const platform = await startLocalPlatform({ NATS_URL: TEST_NATS_URL });
    const stream = platform.env.EVENT_STREAM!;
    try {
      await waitFor(() => streamExists(stream), { timeoutMs: 30_000, what: 'the platform to create its stream' });
      await platform.restartService('payment', 'SIGKILL');
      await platform.restartService('gateway', 'SIGKILL');
      const res = await fetch(`${platform.url}/readyz`);
      expect(res.status).toBe(200);
      expect(platform.output()).not.toContain('stopping the platform');
      // The customers' bank and the platform's connector to it run beside the services.
      expect(platform.output()).toMatch(/ports .*model-bank=\d+ bank-connector=\d+ gateway=\d+/);
    } finally {
      await platform.dispose();
    }
    expect(await databaseExists(platform.env.DATABASE_URL!)).toBe(false);
    expect(await streamExists(stream)).toBe(false);
  }, 240_000);
});
