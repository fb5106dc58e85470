/**
 * Runs every service of the platform as its own process with prefixed logs, waits until the
 * gateway reports ready, prints where the API listens, and on Ctrl-C (or SIGTERM) stops them
 * all gracefully (SIGTERM, then SIGKILL after a grace period).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { platformProcesses } from './processes.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const vrpEnv = process.env.VRP_ENV ?? 'sandbox';
const port = process.env.GATEWAY_PORT ?? '8080';
const readyTimeoutMs = Number(process.env.START_READY_TIMEOUT_MS ?? 60_000);
const children = new Map<string, ChildProcess>();
let stopping = false;

function pipe(name: string, stream: NodeJS.ReadableStream, out: NodeJS.WritableStream): void {
  const rl = readline.createInterface({ input: stream });
  rl.on('line', (line) => out.write(`${name.padEnd(15)}| ${line}\n`));
}

for (const proc of platformProcesses(root, vrpEnv, Number(process.env.GRPC_PORT_BASE ?? 50051))) {
  // START_NODE_ARGS passes flags to every service's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = (process.env.START_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(root, proc.dir),
    env: { ...process.env, ...proc.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.set(proc.name, child);
  pipe(proc.name, child.stdout!, process.stdout);
  pipe(proc.name, child.stderr!, process.stderr);
  child.on('exit', (code, signal) => {
    children.delete(proc.name);
    if (!stopping) {
      console.error(`start: ${proc.name} exited (${signal ?? code}); stopping the platform`);
      void stopAll(1);
    }
  });
}

async function waitReady(): Promise<void> {
  const url = `http://127.0.0.1:${port}/readyz`;
  const deadline = Date.now() + readyTimeoutMs;
  while (Date.now() < deadline && !stopping) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
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
  const exits = [...children.entries()].map(([name, child]) => new Promise<void>((resolve) => {
    child.once('exit', (exitCode, signal) => {
      if (exitCode !== 0) {
        unclean++;
        console.error(`start: ${name} did not stop cleanly (${signal ?? exitCode})`);
      }
      resolve();
    });
    child.kill('SIGTERM');
  }));
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

waitReady().then(
  () => {
    console.log(`\nstart: VRP platform (${vrpEnv}) ready — API at http://127.0.0.1:${port}/v1  (Ctrl-C to stop)\n`);
  },
  (err: Error) => {
    console.error(`start: ${err.message}`);
    void stopAll(1);
  },
);
