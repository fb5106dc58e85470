import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { health } from '@vrp/contracts';
import type { ServiceClient } from '@vrp/grpc';
import { pingDatabase, type Db } from './db/client.js';

type Check = { status: 'up' } | { status: 'down'; error: string };

/** The readiness report: every dependency with its state, and the downstream services that are down. */
export interface ReadinessReport {
  status: 'ready' | 'not_ready';
  checks: Record<string, Check>;
  /** Downstream services not serving: the routes that need them answer 503 service_unavailable meanwhile. */
  degraded: string[];
}

/** What the gateway itself cannot serve anything without. */
const OWN_DEPENDENCIES = ['postgres', 'nats'];

const SERVING = 1; // grpc.health.v1 HealthCheckResponse.ServingStatus.SERVING

async function probe(fn: () => Promise<unknown>, timeoutMs: number): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      fn(),
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs))),
    ]);
    return { status: 'up' };
  } catch (err) {
    return { status: 'down', error: (err as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Answers "can this gateway serve traffic?": ready while its own Postgres answers a query and
 * NATS a round trip. Every configured downstream service is checked on grpc.health.v1 too and
 * reported; one that is down only degrades the routes that need it.
 */
export class Readiness {
  private nats: Promise<NatsConnection> | undefined;

  constructor(
    private readonly db: Db,
    private readonly natsUrl: string,
    private readonly services: Map<string, ServiceClient<typeof health.Health>>,
    private readonly timeoutMs = 1500,
  ) {}

  async check(): Promise<ReadinessReport> {
    const entries: [string, Promise<Check>][] = [
      ['postgres', probe(() => pingDatabase(this.db), this.timeoutMs)],
      ['nats', probe(() => this.natsRtt(), this.timeoutMs)],
      ...[...this.services].map(([name, client]): [string, Promise<Check>] => [
        name,
        probe(async () => {
          const res = await client.check({ service: '' });
          if (res.status !== SERVING) throw new Error('not serving');
        }, this.timeoutMs),
      ]),
    ];
    const checks: Record<string, Check> = {};
    for (const [name, check] of entries) checks[name] = await check;
    // One downstream service down takes only its routes out (they answer 503), not the whole API.
    const ready = OWN_DEPENDENCIES.every((name) => checks[name]?.status === 'up');
    const degraded = [...this.services.keys()].filter((name) => checks[name]?.status !== 'up');
    return { status: ready ? 'ready' : 'not_ready', checks, degraded };
  }

  async close(): Promise<void> {
    for (const client of this.services.values()) client.close();
    const nc = await this.nats?.catch(() => undefined);
    await nc?.close();
  }

  private async natsRtt(): Promise<void> {
    this.nats ??= connect({ servers: this.natsUrl, name: 'gateway-readiness', maxReconnectAttempts: -1, timeout: this.timeoutMs });
    try {
      await (await this.nats).rtt();
    } catch (err) {
      const stale = this.nats;
      this.nats = undefined; // connect again on the next probe
      stale.then((nc) => nc.close()).catch(() => undefined);
      throw err;
    }
  }
}
