/**
 * Loaded before each replica's own code (node --import): caps every node-postgres pool of the
 * process at SCALE_TEST_POOL_MAX connections. Eighteen processes with pools of ten would need
 * more connections than a stock Postgres allows (max_connections = 100); the load here never
 * needs more than a few at once per process.
 */
import pg from 'pg';

const cap = Number(process.env.SCALE_TEST_POOL_MAX ?? 2);
const Pool = pg.Pool;
class CappedPool extends Pool {
  constructor(config: pg.PoolConfig = {}) {
    super({ ...config, max: Math.min(config.max ?? 10, cap) });
  }
}
pg.Pool = CappedPool as typeof pg.Pool;
