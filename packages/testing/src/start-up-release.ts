import { expect } from 'vitest';
import { createTestDatabase } from './database.js';
import { startPrivateNatsServer } from './nats-server.js';
import { heldResources, occupyPort, type HeldResources } from './start-up-probe.js';
import { createTestStream } from './stream.js';
import { waitFor } from './wait.js';

/** How to start one service for the start-up check. */
export interface StartUpSubject {
  /** Services whose migrations its database needs. */
  migrations: string[];
  /** The setting that holds its listening port (GRPC_PORT, GATEWAY_PORT). */
  portSetting: string;
  /** Starts it from environment settings; resolves with something to stop. */
  start(env: Record<string, string>): Promise<{ stop(): Promise<void> }>;
  /**
   * What the running service is expected to hold (its pool may connect on first use): the
   * check waits for it before stopping, so the stop is measured against a service that holds it.
   */
  holdsWhileRunning?: (now: HeldResources, before: HeldResources) => boolean;
}

const same = (a: HeldResources, b: HeldResources) =>
  a.postgres === b.postgres && a.nats === b.nats && JSON.stringify(a.handles) === JSON.stringify(b.handles);

/**
 * The start-up contract every service keeps, checked for real: started against its own database
 * and a private NATS server with its port already taken, it fails, and afterwards this process
 * holds exactly what it held before (database connections, NATS connections, timers, sockets).
 * A successful start on a free port (which must be seen holding something) followed by stop()
 * comes back to the same count. Returns what the successful start held, for the caller to check.
 */
export async function checkStartUpRelease(subject: StartUpSubject): Promise<{ whileRunning: HeldResources; before: HeldResources }> {
  const nats = await startPrivateNatsServer();
  const db = await createTestDatabase(subject.migrations);
  const stream = await createTestStream({ natsUrl: nats.url });
  const busy = await occupyPort();
  try {
    const env = {
      DATABASE_URL: db.url,
      NATS_URL: nats.url,
      EVENT_STREAM: stream.stream,
      EVENT_SUBJECT_PREFIX: stream.subjectPrefix,
      LOG_LEVEL: 'silent',
      CURSOR_SECRET: 'test-cursor-secret-0123456789abcdef0123456789',
      WEBHOOK_SECRET_KEY: '746573742d776562686f6f6b2d7365637265742d6b65792d33322d6279746573',
    };
    const before = await heldResources(db, nats);
    await expect(subject.start({ ...env, [subject.portSetting]: String(busy.port) })).rejects.toThrow();
    const afterFailure = await waitFor(
      async () => {
        const now = await heldResources(db, nats);
        return same(now, before) ? now : undefined;
      },
      { what: 'a failed start to release everything', timeoutMs: 5_000 },
    ).catch(async () => heldResources(db, nats));
    expect(afterFailure, 'held after a failed start').toEqual(before);

    const running = await subject.start({ ...env, [subject.portSetting]: '0' });
    const holds = subject.holdsWhileRunning ?? (() => true);
    const whileRunning = await waitFor(
      async () => {
        const now = await heldResources(db, nats);
        return holds(now, before) ? now : undefined;
      },
      { what: 'the running service to hold what it should', timeoutMs: 10_000 },
    ).catch(async () => heldResources(db, nats));
    await running.stop();
    const afterStop = await waitFor(
      async () => {
        const now = await heldResources(db, nats);
        return same(now, before) ? now : undefined;
      },
      { what: 'a stopped service to release everything', timeoutMs: 5_000 },
    ).catch(async () => heldResources(db, nats));
    expect(afterStop, 'held after stop()').toEqual(before);
    return { whileRunning, before };
  } finally {
    await busy.release();
    await stream.cleanup();
    await db.drop();
    await nats.dispose();
  }
}
