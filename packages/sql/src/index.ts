export { listen, type Listener, type ListenOptions } from './listen.js';
export { createPool, onConnection, rawSql, rows, transaction, type PoolOptions, type Queryable, type SqlPool } from './pool.js';
export { retryingUniqueRace } from './upsert-race.js';
