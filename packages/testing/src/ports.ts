import { createServer } from 'node:net';

/** Below Linux's ephemeral range (32768-60999): port 0 binds elsewhere never land here. */
const LOW = 20_000;
const HIGH = 32_000;
/** Vitest's workers each draw from their own slice, so two test files never pick the same port. */
const SLICES = 8;

function canBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** The range this process draws from: its vitest worker's slice (VITEST_POOL_ID), or all of it. */
export function portRange(poolId = process.env.VITEST_POOL_ID): { low: number; high: number } {
  const pool = Number(poolId);
  if (!Number.isInteger(pool) || pool < 1) return { low: LOW, high: HIGH };
  const size = Math.floor((HIGH - LOW) / SLICES);
  const low = LOW + ((pool - 1) % SLICES) * size;
  return { low, high: low + size };
}

/** Ports this process handed out: a reservation is not a bind, so none is handed out twice. */
const handedOut = new Set<number>();

/**
 * A port to hand to a service before it starts, for services that need each other's address up
 * front. Unlike binding port 0 and closing it, the port comes from outside the ephemeral range,
 * so the many servers tests start on port 0 at the same time cannot be given it meanwhile; and
 * from this worker's own slice, so a test file running beside it cannot reserve it too.
 */
export async function reservePort(): Promise<number> {
  const { low, high } = portRange();
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (handedOut.has(port)) continue;
    if (await canBind(port)) {
      handedOut.add(port);
      if (handedOut.size > (high - low) / 2) handedOut.clear();
      return port;
    }
  }
  throw new Error(`no free port between ${low} and ${high}`);
}
