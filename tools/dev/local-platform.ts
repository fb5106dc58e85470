/**
 * The platform as `npm start` runs it (every service its own process, through start.ts), but on
 * free ports with its own database and event stream, for tests and benchmarks that must not
 * collide with a developer's running instance.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_DATABASE_ADMIN_URL } from '@vrp/testing';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
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
  /**
   * Kills one service (kill -9 by default) and starts it again on the same port, through the
   * runner; resolves once it answers again.
   */
  restartService(name: string, signal?: NodeJS.Signals): Promise<void>;
  /** Ctrl-C: resolves with the runner's exit code. */
  interrupt(): Promise<number | null>;
  /** Kills whatever is left, drops the database and deletes the event stream. */
  dispose(): Promise<void>;
}

/** Starts the platform and waits until the runner reports it ready. */
export async function startLocalPlatform(settings: Record<string, string> = {}, readyTimeoutMs = 90_000): Promise<LocalPlatform> {
  const id = randomBytes(4).toString('hex');
  const dbName = `vrp_local_${id}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    VRP_ENV: 'sandbox',
    DATABASE_URL: Object.assign(new URL(TEST_DATABASE_ADMIN_URL), { pathname: `/${dbName}` }).toString(),
    // The runner picks free ports itself (and retries should one be taken before use).
    GATEWAY_PORT: '0',
    GRPC_PORT_BASE: '0',
    METRICS_PORT_BASE: '0',
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
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    detached: true,
  });
  runner.on('error', () => undefined); // a message to a runner that has gone is not our failure
  let output = '';
  runner.stdout!.on('data', (d) => (output += d));
  runner.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => runner.once('exit', (code) => resolve(code)));
  const platform: LocalPlatform = {
    url: '',
    env,
    runner,
    output: () => output,
    createMerchant(name, payoutCurrency = 'GBP') {
      const cli = spawnSync(
        'npx',
        [
          '--no-install',
          'tsx',
          'services/gateway/src/cli/main.ts',
          'merchants',
          'create',
          '--name',
          name,
          '--payout-currency',
          payoutCurrency,
        ],
        {
          cwd: REPO_ROOT,
          env,
          encoding: 'utf8',
        },
      );
      if (cli.status !== 0) throw new Error(`merchants create failed: ${cli.stderr}`);
      return JSON.parse(cli.stdout).access_token as string;
    },
    async restartService(name, signal = 'SIGKILL') {
      const answer = new Promise<{ restarted: string; error?: string }>((resolve, reject) => {
        const onMessage = (m: { restarted?: string; error?: string }) => {
          if (m.restarted !== name) return;
          runner.off('message', onMessage);
          resolve(m as { restarted: string; error?: string });
        };
        runner.on('message', onMessage);
        runner.once('exit', () => reject(new Error(`the runner exited while ${name} restarted:\n${output.slice(-4000)}`)));
      });
      runner.send({ restart: name, signal });
      const { error } = await answer;
      if (error) throw new Error(`${name} did not restart: ${error}\n${output.slice(-4000)}`);
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
      const admin = new pg.Client({ connectionString: TEST_DATABASE_ADMIN_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
      await admin.end();
      await deleteStream(env.NATS_URL ?? 'nats://127.0.0.1:4222', env.EVENT_STREAM!);
    },
  };
  const deadline = Date.now() + readyTimeoutMs;
  const readyLine = /ready — API at (http:\/\/127\.0\.0\.1:\d+)\/v1/;
  let ready: RegExpMatchArray | null;
  while (!(ready = readyLine.exec(output))) {
    if (Date.now() > deadline || runner.exitCode !== null) {
      await platform.dispose();
      throw new Error(`platform did not become ready:\n${output.slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  platform.url = ready[1]!;
  return platform;
}

/** The services create their stream on first use; it outlives them unless deleted. */
async function deleteStream(natsUrl: string, stream: string): Promise<void> {
  const nc = await connect({ servers: natsUrl, timeout: 5_000 }).catch(() => undefined);
  if (!nc) return; // a private NATS already gone takes its streams with it
  try {
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(stream).catch(() => undefined);
  } finally {
    await nc.close();
  }
}
