import { createServer } from 'node:net';

/** Below Linux's ephemeral range (32768-60999): port 0 binds elsewhere never land here. */
const LOW = 20_000;
const HIGH = 32_000;

function canBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/**
 * A port to hand to a service before it starts, for services that need each other's address up
 * front. Unlike binding port 0 and closing it, the port comes from outside the ephemeral range,
 * so the many servers tests start on port 0 at the same time cannot be given it meanwhile.
 */
export async function reservePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = LOW + Math.floor(Math.random() * (HIGH - LOW));
    if (await canBind(port)) return port;
  }
  throw new Error(`no free port between ${LOW} and ${HIGH}`);
}
