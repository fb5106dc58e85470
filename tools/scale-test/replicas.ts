/**
 * Several replicas of every service on this machine, each its own process on loopback, on a
 * private database, NATS server and event stream: every gRPC service three times (the bank
 * connector among them), the gateway twice, and every caller given the addresses of all replicas
 * of what it calls (comma-separated), as a headless Service would give them in a cluster. The
 * customers' bank is one model bank (the bank is not the platform's to scale), which every
 * connector replica speaks Open Banking to with the credentials under .vrp/bank/.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startPrivateNatsServer, TEST_DATABASE_ADMIN_URL, type PrivateNatsServer } from '@vrp/testing';
import { FAST_RECOVERY, streamEventCounts } from '../chaos/cluster.js';
import { ensureBankCredentials } from '../dev/bank-credentials.js';
import { migratableServices } from '../dev/migrate.js';
import { REPO_ROOT } from '../dev/local-platform.js';
import { databaseLayout, dropDatabases, prepareDatabases, type DatabaseLayout } from './databases.js';

const SMALL_POOLS = pathToFileURL(path.join(REPO_ROOT, 'tools/scale-test/small-pools.ts')).href;

export const GRPC_SERVICES = ['mandate', 'payment', 'refund', 'webhook', 'bank-connector', 'schedule'] as const;
export type GrpcService = (typeof GRPC_SERVICES)[number];
const URL_SETTING: Record<GrpcService, string> = {
  mandate: 'MANDATE_SERVICE_URL',
  payment: 'PAYMENT_SERVICE_URL',
  refund: 'REFUND_SERVICE_URL',
  webhook: 'WEBHOOK_SERVICE_URL',
  'bank-connector': 'CONNECTOR_SERVICE_URL',
  schedule: 'SCHEDULE_SERVICE_URL',
};

/** One process: a replica of a service, a gateway, or the model bank (the customers' bank, one of it). */
export interface Replica {
  service: GrpcService | 'gateway' | 'model-bank';
  /** e.g. payment#2 */
  name: string;
  port: number;
  metricsPort: number;
  child?: ChildProcess;
  killed: boolean;
}

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
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

export class ReplicaCluster {
  readonly replicas: Replica[] = [];
  private output = '';
  private constructor(
    readonly env: NodeJS.ProcessEnv,
    readonly nats: PrivateNatsServer,
    private readonly databases: DatabaseLayout,
  ) {}

  /** Starts the model bank, `perService` replicas of every gRPC service, then `gateways` gateways, all ready. */
  static async start(options: {
    perService: number;
    gateways: number;
    settings: Record<string, string>;
    log: (l: string) => void;
    /** Each service on a database of its own (as the chart's services.<s>.databaseUrl gives it), not one shared. */
    databasePerService?: boolean;
  }) {
    const id = randomBytes(4).toString('hex');
    const databases = databaseLayout(TEST_DATABASE_ADMIN_URL, id, migratableServices(), options.databasePerService ?? false);
    const nats = await startPrivateNatsServer();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...FAST_RECOVERY,
      VRP_ENV: 'sandbox',
      // The gateway's (the operator CLI's); each replica is started with its own service's.
      DATABASE_URL: databases.urlOf('gateway'),
      NATS_URL: nats.url,
      EVENT_STREAM: `VRP_SCALE_${id.toUpperCase()}`,
      EVENT_SUBJECT_PREFIX: `vrp.scale${id}.events`,
      // One durable consumer shared by every webhook replica: each event goes to one of them.
      WEBHOOK_CONSUMER_NAME: `scale-${id}`,
      LOG_LEVEL: 'error',
      ...options.settings,
    };
    const cluster = new ReplicaCluster(env, nats, databases);
    try {
      await prepareDatabases(databases, () => undefined);
      if (databases.perService) options.log(`scale-test: a database per service (${databases.databases.length})`);
      // The model bank and the connectors share one throwaway trust anchor (as under npm start).
      await ensureBankCredentials();
      const bank: Replica = {
        service: 'model-bank',
        name: 'model-bank',
        port: await freePort(),
        metricsPort: await freePort(),
        killed: false,
      };
      cluster.replicas.push(bank);
      for (const service of GRPC_SERVICES)
        for (let i = 1; i <= options.perService; i++)
          cluster.replicas.push({ service, name: `${service}#${i}`, port: await freePort(), metricsPort: await freePort(), killed: false });
      for (let i = 1; i <= options.gateways; i++)
        cluster.replicas.push({
          service: 'gateway',
          name: `gateway#${i}`,
          port: await freePort(),
          metricsPort: await freePort(),
          killed: false,
        });
      for (const service of GRPC_SERVICES)
        env[URL_SETTING[service]] = cluster
          .of(service)
          .map((r, i) => (i === 0 ? `http://127.0.0.1:${r.port}` : `127.0.0.1:${r.port}`))
          .join(',');
      // The bank sends customers back, and posts its event notifications, to the first gateway
      // (the kill takes another); the connectors find the bank at its issuer.
      const gateways = cluster.gatewayUrls;
      Object.assign(env, {
        MODEL_BANK_CLIENT_REDIRECT_URIS: gateways.map((g) => `${g}/v1/bank/callback`).join(','),
        MODEL_BANK_CLIENT_EVENT_URL: `${gateways[0]}/v1/bank/event-notifications`,
        BANK_ISSUER: `https://127.0.0.1:${bank.port}`,
        PUBLIC_BASE_URL: gateways[0],
      });
      // The bank first, then the gRPC services (they reach each other lazily), then the gateways.
      await cluster.spawn(bank);
      const services = cluster.replicas.filter((r) => r.service !== 'gateway' && r.service !== 'model-bank');
      await Promise.all(services.map((r) => cluster.spawn(r)));
      options.log(`scale-test: ${services.length} service replicas answer`);
      await Promise.all(cluster.of('gateway').map((r) => cluster.spawn(r)));
      options.log(`scale-test: ${options.gateways} gateways answer`);
      return cluster;
    } catch (err) {
      await cluster.stop();
      throw err;
    }
  }

  of(service: Replica['service']): Replica[] {
    return this.replicas.filter((r) => r.service === service);
  }

  get gatewayUrls(): string[] {
    return this.of('gateway').map((r) => `http://127.0.0.1:${r.port}`);
  }

  /** Where the audit reads every service's schema. */
  get databaseUrl(): string {
    return this.databases.auditUrl;
  }

  /** The database `service` itself runs on (its indexes and constraints are there, not in the audit's imports). */
  databaseUrlOf(service: string): string {
    return this.databases.urlOf(service);
  }

  logs(): string {
    return this.output;
  }

  private async spawn(replica: Replica): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', '--import', SMALL_POOLS, 'src/main.ts'], {
      cwd: path.join(REPO_ROOT, 'services', replica.service),
      env: {
        ...this.env,
        DATABASE_URL: this.databases.urlOf(replica.service),
        ...(replica.service === 'gateway'
          ? { GATEWAY_PORT: String(replica.port) }
          : replica.service === 'model-bank'
            ? { MODEL_BANK_PORT: String(replica.port) }
            : { GRPC_PORT: String(replica.port) }),
        METRICS_PORT: String(replica.metricsPort),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    replica.child = child;
    const keep = (d: Buffer) => {
      for (const line of d.toString().split('\n')) if (line) this.output += `${replica.name.padEnd(17)}| ${line}\n`;
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    const deadline = Date.now() + 120_000;
    while (!(await answers(replica.port))) {
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`${replica.name} did not start:\n${this.output.split('\n').slice(-40).join('\n')}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  /** Starts a killed replica again on its port (as a replaced pod would come back). */
  async restart(replica: Replica): Promise<void> {
    replica.killed = false;
    await this.spawn(replica);
  }

  /** kill -9: no shutdown hook runs, whatever it had in flight is cut off. */
  async kill(replica: Replica): Promise<void> {
    replica.killed = true;
    const child = replica.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  /** The replica's RPCs served so far (health checks excluded), from its own /metrics. */
  async rpcsServed(replica: Replica): Promise<number> {
    const text = await (await fetch(`http://127.0.0.1:${replica.metricsPort}/metrics`, { signal: AbortSignal.timeout(5_000) })).text();
    let total = 0;
    for (const line of text.split('\n')) {
      if (!line.startsWith('rpc_server_call_duration_seconds_count{') || line.includes('grpc.health.v1.Health')) continue;
      total += Number(line.slice(line.lastIndexOf(' ') + 1));
    }
    return total;
  }

  /** Onboards merchants with the operator CLI (all at once); returns their tokens. */
  async createMerchants(names: string[]): Promise<string[]> {
    return Promise.all(
      names.map(
        (name) =>
          new Promise<string>((resolve, reject) => {
            const cli = spawn(
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
                'GBP',
              ],
              { cwd: REPO_ROOT, env: this.env, stdio: ['ignore', 'pipe', 'pipe'] },
            );
            let out = '';
            let err = '';
            cli.stdout.on('data', (d: Buffer) => (out += d));
            cli.stderr.on('data', (d: Buffer) => (err += d));
            cli.once('exit', (code) =>
              code === 0
                ? resolve((JSON.parse(out) as { access_token: string }).access_token)
                : reject(new Error(`merchants create failed: ${err}`)),
            );
          }),
      ),
    );
  }

  streamEvents(): Promise<Map<string, number>> {
    return streamEventCounts(this.nats.url, this.env.EVENT_STREAM!);
  }

  async stop(): Promise<void> {
    const running = this.replicas.flatMap((r) => (r.child && r.child.exitCode === null && r.child.signalCode === null ? [r.child] : []));
    await Promise.all(
      running.map((child) => {
        const exited = new Promise((res) => child.once('exit', res));
        child.kill('SIGKILL');
        return exited;
      }),
    );
    await dropDatabases(this.databases, TEST_DATABASE_ADMIN_URL).catch(() => undefined);
    await this.nats.dispose();
  }
}
