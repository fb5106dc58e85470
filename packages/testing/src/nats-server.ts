import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { waitFor } from './wait.js';

const BINARY = '/usr/sbin/nats-server';

/** A NATS server with JetStream owned by one test: it may be stopped and restarted at will. */
export interface PrivateNatsServer {
  url: string;
  port: number;
  /** Stops the server (its JetStream store survives for the next start). */
  stop(): Promise<void>;
  /** Starts it again on the same port and store. */
  start(): Promise<void>;
  /** Stops it and deletes its store. */
  dispose(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

/**
 * Starts a private nats-server (the machine's binary) on a free port with its own JetStream
 * store, so a test can take NATS down without disturbing any other test sharing the machine's.
 */
export async function startPrivateNatsServer(): Promise<PrivateNatsServer> {
  const port = await freePort();
  const storeDir = mkdtempSync(path.join(tmpdir(), 'vrp-nats-'));
  let child: ChildProcess | undefined;
  const server: PrivateNatsServer = {
    url: `nats://127.0.0.1:${port}`,
    port,
    async start() {
      child = spawn(BINARY, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], { stdio: 'ignore' });
      await waitFor(() => answers(port), { timeoutMs: 15_000, what: `private NATS on :${port}` });
    },
    async stop() {
      if (!child || child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
      child = undefined;
    },
    async dispose() {
      await server.stop();
      rmSync(storeDir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}
