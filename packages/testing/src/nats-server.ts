import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { reservePort } from './ports.js';
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
  /** Client connections open now, from the server's monitoring endpoint. */
  connections(): Promise<number>;
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
  const storeDir = mkdtempSync(path.join(tmpdir(), 'vrp-nats-'));
  const monitorPort = await reservePort();
  let child: ChildProcess | undefined;
  /** Starts nats-server on `port` (-1: one it picks) and resolves with the port it listens on, or 0 if it exited. */
  const launch = async (port: number): Promise<number> => {
    const proc = spawn(BINARY, ['-a', '127.0.0.1', '-p', String(port), '-m', String(monitorPort), '-js', '-sd', storeDir], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child = proc;
    let log = '';
    proc.stderr!.on('data', (d: Buffer) => (log += d.toString()));
    const listening = await waitFor(
      () => {
        if (proc.exitCode !== null || proc.signalCode !== null) return { port: 0 };
        const match = /Listening for client connections on [\d.]+:(\d+)/.exec(log);
        return match ? { port: Number(match[1]) } : undefined;
      },
      { timeoutMs: 15_000, what: 'private NATS to listen' },
    );
    return listening.port;
  };
  // The server binds a port of its own choosing, so no other process can take it between a pick and its use.
  const port = await launch(-1);
  if (!port) throw new Error('private nats-server did not start');
  const server: PrivateNatsServer = {
    url: `nats://127.0.0.1:${port}`,
    port,
    async start() {
      // A restart needs the same port (clients know it): retry while something else briefly holds it.
      for (let attempt = 1; attempt <= 20; attempt++) {
        if ((await launch(port)) === port) {
          await waitFor(() => answers(port), { timeoutMs: 15_000, what: `private NATS on :${port}` });
          return;
        }
        await new Promise((r) => setTimeout(r, 250));
      }
      throw new Error(`private nats-server could not listen on :${port} again`);
    },
    async stop() {
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
      child = undefined;
    },
    async dispose() {
      await server.stop();
      rmSync(storeDir, { recursive: true, force: true });
    },
    async connections() {
      const res = await fetch(`http://127.0.0.1:${monitorPort}/connz`);
      return ((await res.json()) as { num_connections: number }).num_connections;
    },
  };
  await waitFor(() => answers(port), { timeoutMs: 15_000, what: `private NATS on :${port}` });
  return server;
}
