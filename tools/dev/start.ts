/**
 * Runs every service of the platform as its own process with prefixed logs, waits until the
 * gateway reports ready, prints where the API listens, and on Ctrl-C (or SIGTERM) stops them
 * all gracefully (SIGTERM, then SIGKILL after a grace period).
 *
 * GATEWAY_PORT=0 and GRPC_PORT_BASE=0 ask for free ports: the runner reserves them, and should
 * one be taken before its service binds it (EADDRINUSE), it starts the platform again on new
 * ones. Started with an IPC channel (as the local platform for tests does), it also takes
 * `{ restart: name, signal }` messages: it kills that one service with the signal and starts it
 * again on the same port, answering `{ restarted: name }` (or `{ restarted: name, error }`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ensureBankCredentials } from './bank-credentials.js';
import { listenPort, platformProcesses, type ServiceProcess } from './processes.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const vrpEnv = process.env.VRP_ENV ?? 'sandbox';
const readyTimeoutMs = Number(process.env.START_READY_TIMEOUT_MS ?? 60_000);
const PORT_ATTEMPTS = 3;
const children = new Map<string, ChildProcess>();
/** Services being restarted on purpose: their exit does not stop the platform. */
const restarting = new Set<string>();
/** While the first start (and its port retries) runs, exits are handled by startAll. */
let booting = false;
let stopping = false;
let processes: ServiceProcess[] = [];
let port = process.env.GATEWAY_PORT ?? '8080';

function pipe(name: string, stream: NodeJS.ReadableStream, out: NodeJS.WritableStream, seen?: (line: string) => void): void {
  const rl = readline.createInterface({ input: stream });
  rl.on('line', (line) => {
    seen?.(line);
    out.write(`${name.padEnd(15)}| ${line}\n`);
  });
}

/** A port no one listens on now; held until the caller's service is about to bind it. */
async function reservePort(): Promise<{ port: number; release: () => Promise<void> }> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { port: (server.address() as net.AddressInfo).port, release: () => new Promise((r) => server.close(() => r())) };
}

const answers = (p: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(p, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

/** The port a process listens on (the gateway's is GATEWAY_PORT, the model bank's MODEL_BANK_PORT). */
const portOf = (proc: ServiceProcess) => listenPort(proc, port);

/** Spawns one service; resolves 'ok' once its port answers, 'in-use' if its port was taken. */
async function spawnService(proc: ServiceProcess): Promise<'ok' | 'in-use' | 'failed'> {
  // START_NODE_ARGS passes flags to every service's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = (process.env.START_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(root, proc.dir),
    env: { ...process.env, GATEWAY_PORT: port, ...proc.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let addressInUse = false;
  const seen = (line: string) => (addressInUse ||= line.includes('EADDRINUSE'));
  children.set(proc.name, child);
  pipe(proc.name, child.stdout!, process.stdout, seen);
  pipe(proc.name, child.stderr!, process.stderr, seen);
  child.on('exit', (code, signal) => {
    if (children.get(proc.name) === child) children.delete(proc.name);
    if (!stopping && !booting && !restarting.has(proc.name)) {
      console.error(`start: ${proc.name} exited (${signal ?? code}); stopping the platform`);
      void stopAll(1);
    }
  });
  const deadline = Date.now() + readyTimeoutMs;
  while (Date.now() < deadline && !stopping) {
    if (child.exitCode !== null || child.signalCode !== null) return addressInUse ? 'in-use' : 'failed';
    if (await answers(portOf(proc))) return 'ok';
    await new Promise((r) => setTimeout(r, 200));
  }
  return 'failed';
}

/** Picks the ports (free ones when asked for 0) and starts every service in order. */
async function startAll(): Promise<void> {
  const base = Number(process.env.GRPC_PORT_BASE ?? 50051);
  console.log(
    `start: Node ${process.version}; traces ${process.env.OTEL_EXPORTER_OTLP_ENDPOINT ? `to ${process.env.OTEL_EXPORTER_OTLP_ENDPOINT}` : 'not exported (set OTEL_EXPORTER_OTLP_ENDPOINT)'}`,
  );
  // The model bank and the connector share one throwaway trust anchor, made once under .vrp/bank/.
  console.log(await ensureBankCredentials());
  for (let attempt = 1; attempt <= PORT_ATTEMPTS; attempt++) {
    const reserved = new Map<string, { port: number; release: () => Promise<void> }>();
    const names = platformProcesses(root, vrpEnv).map((p) => p.name);
    if (base === 0) for (const name of names) if (name !== 'gateway') reserved.set(name, await reservePort());
    if (process.env.GATEWAY_PORT === '0') reserved.set('gateway', await reservePort());
    const grpcPorts = base === 0 ? Object.fromEntries([...reserved].filter(([n]) => n !== 'gateway').map(([n, r]) => [n, r.port])) : base;
    port = String(reserved.get('gateway')?.port ?? process.env.GATEWAY_PORT ?? '8080');
    processes = platformProcesses(root, vrpEnv, grpcPorts, Number(process.env.METRICS_PORT_BASE ?? 9100), port);
    console.log(`start: ports ${processes.map((p) => `${p.name}=${portOf(p)}`).join(' ')}`);
    let result: 'ok' | 'in-use' | 'failed' = 'ok';
    // Each reservation is held until its own service starts, so the window for a thief is short.
    booting = true;
    for (const proc of processes) {
      await reserved.get(proc.name)?.release();
      result = await spawnService(proc);
      if (result !== 'ok') break;
    }
    for (const r of reserved.values()) await r.release().catch(() => undefined);
    if (result === 'ok') {
      booting = false;
      return;
    }
    await killAll();
    booting = false;
    if (result === 'failed' || reserved.size === 0) throw new Error('a service did not start');
    console.error(`start: a port was taken before its service bound it; trying new ports (attempt ${attempt + 1} of ${PORT_ATTEMPTS})`);
  }
  throw new Error(`no free ports after ${PORT_ATTEMPTS} attempts`);
}

async function killAll(): Promise<void> {
  await Promise.all(
    [...children.values()].map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    }),
  );
  children.clear();
}

/** Kills one service with `signal` and starts it again on its port (retrying while the port is still held). */
async function restartService(name: string, signal: NodeJS.Signals): Promise<void> {
  const proc = processes.find((p) => p.name === name);
  if (!proc) throw new Error(`no service ${name}`);
  restarting.add(name);
  try {
    const child = children.get(name);
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      child.kill(signal);
      await exited;
    }
    for (let attempt = 1; ; attempt++) {
      const result = await spawnService(proc);
      if (result === 'ok') return;
      if (result === 'failed' || attempt >= 10) throw new Error(`${name} did not come back (${result})`);
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    restarting.delete(name);
  }
}

/** Whether the gateway's last readiness round found every dependency up (vrp_gateway_dependency_up); true when its metrics port is not fixed. */
async function everyDependencyUp(): Promise<boolean> {
  const metricsPort = processes.find((p) => p.name === 'gateway')?.env.METRICS_PORT;
  if (!metricsPort || metricsPort === '0') return true;
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  const states = [...text.matchAll(/^vrp_gateway_dependency_up\{[^}]*\} (\d+)$/gm)].map((m) => m[1]);
  return states.length > 0 && states.every((v) => v === '1');
}

async function waitReady(): Promise<void> {
  const url = `http://127.0.0.1:${port}/readyz`;
  const deadline = Date.now() + readyTimeoutMs;
  while (Date.now() < deadline && !stopping) {
    try {
      const res = await fetch(url);
      // Ready, and every service up too (the gateway alone is ready without them; which are up
      // only its metrics port says).
      if (res.ok && (await everyDependencyUp())) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`gateway not ready at ${url} after ${readyTimeoutMs} ms`);
}

async function stopAll(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log('start: stopping all services…');
  let unclean = 0;
  const exits = [...children.entries()].map(
    ([name, child]) =>
      new Promise<void>((resolve) => {
        child.once('exit', (exitCode, signal) => {
          if (exitCode !== 0) {
            unclean++;
            console.error(`start: ${name} did not stop cleanly (${signal ?? exitCode})`);
          }
          resolve();
        });
        child.kill('SIGTERM');
      }),
  );
  const force = setTimeout(() => {
    for (const child of children.values()) child.kill('SIGKILL');
  }, 15_000);
  await Promise.all(exits);
  clearTimeout(force);
  console.log(unclean ? `start: all services stopped (${unclean} uncleanly)` : 'start: all services stopped');
  process.exit(unclean ? 1 : code);
}

process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));
process.on('message', (message: { restart?: string; signal?: NodeJS.Signals }) => {
  if (!message.restart) return;
  const name = message.restart;
  restartService(name, message.signal ?? 'SIGKILL').then(
    () => process.send?.({ restarted: name }),
    (err: Error) => process.send?.({ restarted: name, error: err.message }),
  );
});

startAll()
  .then(waitReady)
  .then(
    () => {
      console.log(
        `\nstart: VRP platform (${vrpEnv}) ready — API at http://127.0.0.1:${port}/v1, Merchant Console at http://127.0.0.1:${port}/console/  (Ctrl-C to stop)\n`,
      );
    },
    (err: Error) => {
      console.error(`start: ${err.message}`);
      void stopAll(1);
    },
  );
