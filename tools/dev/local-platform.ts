/**
 * The platform as `npm start` runs it (every service its own process, through start.ts), but on
 * free ports with its own database and event stream, for tests and benchmarks that must not
 * collide with a developer's running instance.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrateAll } from './migrate.js';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface LocalPlatform {
  /** Gateway base address, without /v1. */
  url: string;
  /** The settings the services run with (for the CLI and scripts). */
  env: NodeJS.ProcessEnv;
  runner: ChildProcess;
  /** Everything the runner printed so far. */
  output(): string;
  /** Onboards a merchant with the operator CLI; returns its token. */
  createMerchant(name: string, payoutCurrency?: string): string;
  /** Ctrl-C: resolves with the runner's exit code. */
  interrupt(): Promise<number | null>;
  /** Kills whatever is left and drops the database. */
  dispose(): Promise<void>;
}

/** Starts the platform and waits until the runner reports it ready. */
export async function startLocalPlatform(settings: Record<string, string> = {}, readyTimeoutMs = 90_000): Promise<LocalPlatform> {
  const id = randomBytes(4).toString('hex');
  const dbName = `vrp_local_${id}`;
  const gatewayPort = 20000 + Math.floor(Math.random() * 10000);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    VRP_ENV: 'sandbox',
    DATABASE_URL: `postgresql://postgres@127.0.0.1:5432/${dbName}`,
    GATEWAY_PORT: String(gatewayPort),
    GRPC_PORT_BASE: String(gatewayPort + 1),
    MANDATE_SERVICE_URL: `http://127.0.0.1:${gatewayPort + 1}`,
    EVENT_STREAM: `VRP_LOCAL_${id.toUpperCase()}`,
    EVENT_SUBJECT_PREFIX: `vrp.local${id}.events`,
    WEBHOOK_CONSUMER_NAME: `local-${id}`,
    LOG_LEVEL: 'warn',
    ...settings,
  };
  await migrateAll(env.DATABASE_URL!, () => undefined);
  // Its own process group, so dispose() can take down the runner and every service with it.
  const runner = spawn(process.execPath, ['--import', 'tsx', 'tools/dev/start.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  runner.stdout!.on('data', (d) => (output += d));
  runner.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => runner.once('exit', (code) => resolve(code)));
  const platform: LocalPlatform = {
    url: `http://127.0.0.1:${gatewayPort}`,
    env,
    runner,
    output: () => output,
    createMerchant(name, payoutCurrency = 'GBP') {
      const cli = spawnSync('npx', ['--no-install', 'tsx', 'services/gateway/src/cli/main.ts', 'merchants', 'create', '--name', name, '--payout-currency', payoutCurrency], {
        cwd: REPO_ROOT,
        env,
        encoding: 'utf8',
      });
      if (cli.status !== 0) throw new Error(`merchants create failed: ${cli.stderr}`);
      return JSON.parse(cli.stdout).access_token as string;
    },
    async interrupt() {
      if (runner.exitCode === null) runner.kill('SIGINT');
      return exited;
    },
    async dispose() {
      try {
        process.kill(-runner.pid!, 'SIGKILL'); // whatever is left of the group, services included
      } catch {
        // the group is already gone
      }
      const admin = new pg.Client({ connectionString: 'postgresql://postgres@127.0.0.1:5432/postgres' });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
      await admin.end();
    },
  };
  const deadline = Date.now() + readyTimeoutMs;
  while (!output.includes('ready — API at')) {
    if (Date.now() > deadline || runner.exitCode !== null) {
      await platform.dispose();
      throw new Error(`platform did not become ready:\n${output.slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return platform;
}
