import { createServer, type Server } from 'node:net';
import pg from 'pg';
import type { TestDatabase } from './database.js';
import type { PrivateNatsServer } from './nats-server.js';
import { reservePort } from './ports.js';

/** A TCP port held open on 127.0.0.1, so a service told to listen on it fails at that step. */
export async function occupyPort(): Promise<{ port: number; release(): Promise<void> }> {
  const port = await reservePort();
  const server: Server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return { port, release: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** What a process holds that a service may have opened: database connections, NATS connections, handles. */
export interface HeldResources {
  postgres: number;
  nats: number;
  /** Active handles and requests of this process by kind (timers, sockets, servers), from Node itself. */
  handles: Record<string, number>;
}

/**
 * Counts what is open right now against one test database and one private NATS server (other
 * tests use their own), plus this process's active handles. Compare a count taken before a
 * service starts with one taken after it failed to start or stopped: they must be equal.
 */
export async function heldResources(db: TestDatabase, nats: PrivateNatsServer): Promise<HeldResources> {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  let postgres: number;
  try {
    const { rows } = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [db.name],
    );
    postgres = rows[0]!.n;
  } finally {
    await client.end();
  }
  const handles: Record<string, number> = {};
  for (const kind of process.getActiveResourcesInfo()) handles[kind] = (handles[kind] ?? 0) + 1;
  return { postgres, nats: await nats.connections(), handles };
}
