import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, startPrivateNatsServer, type PrivateNatsServer, type TestDatabase } from '@vrp/testing';
import pg from 'pg';
import { platformProcesses, type ServiceProcess } from '../dev/processes.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Settings that make the platform's own recovery (resubmission, retries, leases) quick enough to watch. */
const FAST_RECOVERY: Record<string, string> = {
  LOG_LEVEL: 'error',
  SANDBOX_ACTIVATION_DELAY_MS: '200',
  SANDBOX_SETTLEMENT_DELAY_MS: '300',
  PAYMENT_RESUBMIT_AFTER: '2s',
  PAYMENT_RESUBMIT_SWEEP_INTERVAL: '500ms',
  PAYMENT_BANK_DECISION_TIMEOUT: '5s',
  REFUND_SWEEP_INTERVAL: '500ms',
  REFUND_BANK_RESUBMIT_AFTER: '2s',
  REFUND_REQUEST_STALE_AFTER: '5s',
  WEBHOOK_RETRY_SCHEDULE: '500ms,1s,1s,2s,2s,3s,3s,3s',
  WEBHOOK_POLL_INTERVAL_MS: '100',
  WEBHOOK_BREAKER_RESET_MS: '1000',
  WEBHOOK_ALLOW_INSECURE_LOOPBACK: 'true',
  IDEMPOTENCY_LOCK_TIMEOUT: '5s',
  IDEMPOTENCY_WAIT_MS: '1000',
  RATE_LIMIT_RPS: '10000',
  RATE_LIMIT_BURST: '10000',
  GRPC_TIMEOUT: '3s',
};

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
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
 * The whole platform as separate processes (as `npm start` runs it) on its own database, its own
 * nats-server and its own ports, so a fault suite can kill -9 any one of them, restart NATS and
 * cut Postgres connections without touching anything else on the machine.
 */
export class ChaosCluster {
  readonly env: Record<string, string>;
  private readonly children = new Map<string, ChildProcess>();
  private readonly processes: ServiceProcess[];
  private readonly ports = new Map<string, number>();
  readonly log: string[] = [];

  private constructor(
    readonly db: TestDatabase,
    readonly nats: PrivateNatsServer,
    readonly gatewayUrl: string,
    env: Record<string, string>,
    grpcBase: number,
  ) {
    this.env = env;
    this.processes = platformProcesses(ROOT, 'sandbox', grpcBase);
    this.processes.forEach((p) => this.ports.set(p.name, p.name === 'gateway' ? Number(env.GATEWAY_PORT) : Number(p.env.GRPC_PORT)));
  }

  static async start(extra: Record<string, string>): Promise<ChaosCluster> {
    const [db, nats] = await Promise.all([createTestDatabase(['gateway', 'mandate', 'payment', 'refund', 'webhook']), startPrivateNatsServer()]);
    const gatewayPort = await freePort();
    // Six consecutive free ports for the gRPC services (checked, then used at once).
    let grpcBase = 0;
    for (let attempt = 0; attempt < 50 && !grpcBase; attempt++) {
      const base = 30000 + Math.floor(Math.random() * 20000);
      const free = await Promise.all([0, 1, 2, 3, 4].map(async (i) => !(await answers(base + i))));
      if (free.every(Boolean)) grpcBase = base;
    }
    const env = { ...FAST_RECOVERY, DATABASE_URL: db.url, NATS_URL: nats.url, GATEWAY_PORT: String(gatewayPort), VRP_ENV: 'sandbox', ...extra };
    const cluster = new ChaosCluster(db, nats, `http://127.0.0.1:${gatewayPort}`, env, grpcBase);
    for (const p of cluster.processes) await cluster.startService(p.name);
    return cluster;
  }

  /** Service names in start order, the gateway last. */
  get services(): string[] {
    return this.processes.map((p) => p.name);
  }

  async startService(name: string): Promise<void> {
    const proc = this.processes.find((p) => p.name === name)!;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.join(ROOT, proc.dir),
      env: { ...process.env, ...this.env, ...proc.env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr!.on('data', (d: Buffer) => this.log.push(`${name}: ${d.toString().trimEnd()}`));
    this.children.set(name, child);
    const port = this.ports.get(name)!;
    const deadline = Date.now() + 60_000;
    while (!(await answers(port))) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${name} did not start:\n${this.log.slice(-20).join('\n')}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  /** kill -9: no shutdown hook runs, whatever was in flight is cut off. */
  async kill(name: string): Promise<void> {
    const child = this.children.get(name);
    if (!child || child.exitCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }

  /** Ends every connection the platform has open to its database, as a failover or a restart would. */
  async terminateDatabaseConnections(): Promise<number> {
    const client = new pg.Client({ connectionString: this.db.url });
    await client.connect();
    try {
      const { rowCount } = await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [this.db.name]);
      return rowCount ?? 0;
    } finally {
      await client.end();
    }
  }

  /** Onboards a merchant with the operator CLI, as an operator would; returns its token. */
  createMerchant(name: string): string {
    const cli = spawnSync(process.execPath, ['--import', 'tsx', 'services/gateway/src/cli/main.ts', 'merchants', 'create', '--name', name, '--payout-currency', 'GBP'], {
      cwd: ROOT,
      env: { ...process.env, ...this.env },
      encoding: 'utf8',
    });
    if (cli.status !== 0) throw new Error(`merchants create failed: ${cli.stderr}`);
    return (JSON.parse(cli.stdout) as { access_token: string }).access_token;
  }

  async stop(): Promise<void> {
    await Promise.all(this.services.map((name) => this.kill(name)));
    await this.nats.dispose();
    await this.db.drop();
  }
}
