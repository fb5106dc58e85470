import { DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { decodeDomainEvent } from '@vrp/outbox';
import { startPrivateNatsServer, type PrivateNatsServer } from '@vrp/testing';
import pg from 'pg';
import { startLocalPlatform, type LocalPlatform } from '../dev/local-platform.js';

/** Settings that make the platform's own recovery (resubmission, retries, leases) quick enough to watch. */
export const FAST_RECOVERY: Record<string, string> = {
  LOG_LEVEL: 'error',
  SANDBOX_ACTIVATION_DELAY_MS: '200',
  SANDBOX_SETTLEMENT_DELAY_MS: '300',
  PAYMENT_RESUBMIT_AFTER: '2s',
  PAYMENT_RESUBMIT_SWEEP_INTERVAL: '500ms',
  PAYMENT_BANK_DECISION_TIMEOUT: '5s',
  REFUND_BANK_DECISION_TIMEOUT: '5s',
  REFUND_SWEEP_INTERVAL: '500ms',
  REFUND_BANK_RESUBMIT_AFTER: '2s',
  REFUND_REQUEST_STALE_AFTER: '5s',
  // Redeliveries must finish inside the settle phase.
  WEBHOOK_RETRY_SCHEDULE: '500ms,1s,1s,2s,2s,3s,3s,3s',
  // Events a killed webhook replica had pulled but not recorded come back inside the settle phase.
  WEBHOOK_ACK_WAIT: '3s',
  WEBHOOK_POLL_INTERVAL_MS: '100',
  WEBHOOK_BREAKER_RESET_MS: '1000',
  WEBHOOK_ALLOW_INSECURE_LOOPBACK: 'true',
  IDEMPOTENCY_LOCK_TIMEOUT: '5s',
  IDEMPOTENCY_WAIT_MS: '1000',
  RATE_LIMIT_RPS: '10000',
  RATE_LIMIT_BURST: '10000',
  GRPC_TIMEOUT: '3s',
};

/**
 * The local platform (every service its own process, as `npm start` runs them) on its own
 * database, stream and private nats-server, so the fault suite can kill -9 any one service,
 * restart NATS and cut Postgres connections without touching anything else on the machine.
 */
export class ChaosCluster {
  private constructor(
    readonly platform: LocalPlatform,
    readonly nats: PrivateNatsServer,
  ) {}

  static async start(extra: Record<string, string>): Promise<ChaosCluster> {
    const nats = await startPrivateNatsServer();
    try {
      const platform = await startLocalPlatform({ ...FAST_RECOVERY, NATS_URL: nats.url, ...extra }, 180_000);
      return new ChaosCluster(platform, nats);
    } catch (err) {
      await nats.dispose();
      throw err;
    }
  }

  get gatewayUrl(): string {
    return this.platform.url;
  }

  get databaseUrl(): string {
    return this.platform.env.DATABASE_URL!;
  }

  /** Service names in start order, the gateway last. */
  readonly services = ['mandate', 'payment', 'refund', 'webhook', 'model-bank', 'bank-connector', 'schedule', 'gateway'];

  /** kill -9 (no shutdown hook runs, whatever was in flight is cut off), then start it again. */
  killAndRestart(name: string): Promise<void> {
    return this.platform.restartService(name, 'SIGKILL');
  }

  /** Ends every connection the platform has open to its database, as a failover or a restart would. */
  async terminateDatabaseConnections(): Promise<number> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    await client.connect();
    try {
      const { rowCount } = await client.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      return rowCount ?? 0;
    } finally {
      await client.end();
    }
  }

  createMerchant(name: string): string {
    return this.platform.createMerchant(name);
  }

  /** Every event on the platform's stream, counted by `type resource-id`. */
  streamEvents(): Promise<Map<string, number>> {
    return streamEventCounts(this.nats.url, this.platform.env.EVENT_STREAM!);
  }

  async stop(): Promise<void> {
    // dispose deletes the stream, so NATS goes last.
    await this.platform.dispose();
    await this.nats.dispose();
  }
}

/** Every event on `stream`, counted by `type resource-id`. */
export async function streamEventCounts(natsUrl: string, stream: string): Promise<Map<string, number>> {
  const nc = await connect({ servers: natsUrl, timeout: 5_000 });
  try {
    const jsm = await jetstreamManager(nc);
    const total = (await jsm.streams.info(stream)).state.messages;
    const counts = new Map<string, number>();
    if (total === 0) return counts;
    const consumer = await jetstream(nc).consumers.get(stream, { deliver_policy: DeliverPolicy.All });
    let seen = 0;
    // Bounded: each fetch waits at most 2 s, and there are at most as many rounds as messages.
    for (let round = 0; seen < total && round < total; round++) {
      const batch = await consumer.fetch({ max_messages: Math.min(500, total - seen), expires: 2_000 });
      let got = 0;
      for await (const m of batch) {
        const event = decodeDomainEvent(m.data);
        const key = `${event.eventType} ${event.resource.value?.id ?? '?'}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
        seen++;
        got++;
      }
      if (got === 0) break;
    }
    return counts;
  } finally {
    await nc.close();
  }
}
