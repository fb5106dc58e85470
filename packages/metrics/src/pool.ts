import type { Metrics } from './metrics.js';

/** What a pg Pool exposes about its connections. */
export interface PoolLike {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** The database pool's connections (total, idle) and the queries waiting for one, read at scrape. */
export function watchPool(metrics: Metrics, pool: PoolLike): void {
  metrics.gaugeOnScrape('vrp_db_pool_connections', 'Database pool connections by state.', ['state'], async () => [
    { labels: { state: 'total' }, value: pool.totalCount },
    { labels: { state: 'idle' }, value: pool.idleCount },
    { labels: { state: 'waiting_clients' }, value: pool.waitingCount },
  ]);
}
