export { LATENCY_BUCKETS, Metrics, serveMetrics, startMetrics, type MetricsServer } from './metrics.js';
export { watchPool, type PoolLike } from './pool.js';
