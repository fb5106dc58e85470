/**
 * The README's promise, tested: the local runner (what `npm start` execs after setup and
 * migrate) brings every service up to a ready /readyz, the curl walk-through in README.md runs
 * as written against it, and Ctrl-C stops every process cleanly.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateAll } from './migrate.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const id = randomBytes(4).toString('hex');
const dbName = `vrp_walk_${id}`;
const databaseUrl = `postgresql://postgres@127.0.0.1:5432/${dbName}`;
const gatewayPort = 20000 + Math.floor(Math.random() * 10000);
const env = {
  ...process.env,
  VRP_ENV: 'sandbox',
  DATABASE_URL: databaseUrl,
  GATEWAY_PORT: String(gatewayPort),
  GRPC_PORT_BASE: String(gatewayPort + 1),
  EVENT_STREAM: `VRP_WALK_${id.toUpperCase()}`,
  EVENT_SUBJECT_PREFIX: `vrp.walk${id}.events`,
  WEBHOOK_CONSUMER_NAME: `walk-${id}`,
  SANDBOX_ACTIVATION_DELAY_MS: '300',
  SANDBOX_SETTLEMENT_DELAY_MS: '500',
  LOG_LEVEL: 'warn',
};

/** The shell blocks between the walkthrough markers of README.md, in order. */
function walkthroughScript(): string {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const section = readme.split('<!-- walkthrough:start -->')[1]?.split('<!-- walkthrough:end -->')[0];
  if (!section) throw new Error('README.md has no walkthrough section');
  const blocks = [...section.matchAll(/```(?:bash|sh)\n([\s\S]*?)```/g)].map((m) => m[1]);
  return ['set -euo pipefail', ...blocks].join('\n');
}

describe('npm start + the README walk-through', () => {
  let runner: ReturnType<typeof spawn>;
  let output = '';

  beforeAll(async () => {
    await migrateAll(databaseUrl, () => undefined);
    runner = spawn(process.execPath, ['--import', 'tsx', 'tools/dev/start.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    runner.stdout!.on('data', (d) => (output += d));
    runner.stderr!.on('data', (d) => (output += d));
    const deadline = Date.now() + 90_000;
    while (!output.includes('ready — API at')) {
      if (Date.now() > deadline || runner.exitCode !== null) throw new Error(`platform did not become ready:\n${output.slice(-4000)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 120_000);

  afterAll(async () => {
    if (runner && runner.exitCode === null) runner.kill('SIGKILL');
    const admin = new pg.Client({ connectionString: 'postgresql://postgres@127.0.0.1:5432/postgres' });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.end();
  });

  it('reaches a ready /readyz', async () => {
    const res = await fetch(`http://127.0.0.1:${gatewayPort}/readyz`);
    expect(res.status).toBe(200);
  });

  it('runs the README curl walk-through as written', () => {
    const result = spawnSync('bash', ['-c', walkthroughScript()], {
      cwd: root,
      env: { ...env, API: `http://127.0.0.1:${gatewayPort}/v1` },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(result.status, `stdout:\n${result.stdout}\nstderr:\n${result.stderr}`).toBe(0);
  }, 130_000);

  it('stops every service cleanly on Ctrl-C', async () => {
    const exited = new Promise<number | null>((resolve) => runner.once('exit', (code) => resolve(code)));
    runner.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(output).toContain('start: all services stopped');
  }, 30_000);
});
