import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { health } from '@vrp/contracts';
import type { ServiceClient } from '@vrp/grpc';
import type { SqlPool } from '@vrp/sql';
import { pingDatabase } from './db/client.js';
import type { Probe } from './readiness.js';

const SERVING = 1; // grpc.health.v1 HealthCheckResponse.ServingStatus.SERVING

/**
 * The gateway's probes: its Postgres answers a query and NATS a round trip (its own dependencies),
 * and each configured downstream service reports SERVING on grpc.health.v1. close() ends the
 * NATS connection and the health clients.
 */
export function dependencyProbes(
  db: SqlPool,
  natsUrl: string,
  services: Map<string, ServiceClient<typeof health.Health>>,
  timeoutMs = 1500,
): { probes: Probe[]; close(): Promise<void> } {
  let nats: Promise<NatsConnection> | undefined;
  const natsRtt = async () => {
    nats ??= connect({ servers: natsUrl, name: 'gateway-readiness', maxReconnectAttempts: -1, timeout: timeoutMs });
    try {
      await (await nats).rtt();
    } catch (err) {
      const stale = nats;
      nats = undefined; // connect again on the next probe
      stale.then((nc) => nc.close()).catch(() => undefined);
      throw err;
    }
  };
  const probes: Probe[] = [
    { name: 'postgres', own: true, run: () => pingDatabase(db) },
    { name: 'nats', own: true, run: natsRtt },
    ...[...services].map(([name, client]) => ({
      name,
      own: false,
      async run() {
        const res = await client.check({ service: '' });
        if (res.status !== SERVING) throw new Error('not serving');
      },
    })),
  ];
  return {
    probes,
    async close() {
      for (const client of services.values()) client.close();
      const nc = await nats?.catch(() => undefined);
      await nc?.close();
    },
  };
}
