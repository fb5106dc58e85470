import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { reservePort } from './ports.js';

const run = promisify(execFile);

/** A PostgreSQL server owned by one test: it may be stopped and started again at will. */
export interface PrivatePostgresServer {
  /** Admin URL (user postgres, trust auth) of its `postgres` database. */
  url: string;
  port: number;
  /** Stops the server (fast shutdown: open connections are cut); its data survives for the next start. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data directory. */
  start(): Promise<void>;
  /** Stops it and deletes its data directory. */
  dispose(): Promise<void>;
}

/** The newest PostgreSQL installed under /usr/lib/postgresql (Debian's layout). */
function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const dir = versions.map((v) => path.join(root, v, 'bin')).find((d) => existsSync(path.join(d, 'initdb')));
  if (!dir) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql (apt-get install postgresql)');
  return dir;
}

/**
 * Starts a throwaway PostgreSQL (initdb + pg_ctl, the machine's binaries) on a free port with its
 * own data directory in a temporary folder, so a test can take its database down without touching
 * the machine's shared server. As root the server runs as the `postgres` user (initdb refuses root).
 */
export async function startPrivatePostgres(): Promise<PrivatePostgresServer> {
  const bin = binDir();
  const dir = mkdtempSync(path.join(tmpdir(), 'vrp-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const pg = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]) : run(path.join(bin, tool), args);
  await pg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const port = await reservePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off`;
  const server: PrivatePostgresServer = {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      await pg('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '30', 'start']);
    },
    async stop() {
      await pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']).catch((err: Error) => {
        // Already stopped is stopped.
        if (!/not running|No such file|does not exist/i.test(String((err as { stderr?: string }).stderr ?? err.message))) throw err;
      });
    },
    async dispose() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await server.start();
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return server;
}
