import type { Metrics } from './metrics.js';

/** What a pg Pool exposes about its connections. */
export interface PoolLike {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/**
 * The database pool, read at scrape, as OpenTelemetry's database client metrics name it: its
 * connections by state (`idle`, `used`: they add up to the pool's size, no `total` to double-count
 * in a sum) and the queries waiting for one.
 */
export function watchPool(metrics: Metrics, pool: PoolLike): void {
  metrics.gaugeOnScrape('db_client_connection_count', 'Database pool connections by state.', ['db_client_connection_state'], async () => [
    { labels: { db_client_connection_state: 'idle' }, value: pool.idleCount },
    { labels: { db_client_connection_state: 'used' }, value: pool.totalCount - pool.idleCount },
  ]);
  metrics.gaugeOnScrape('db_client_connection_pending_requests', 'Queries waiting for a pool connection.', [], async () => [
    { value: pool.waitingCount },
  ]);
}
