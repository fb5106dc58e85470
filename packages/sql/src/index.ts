export { listen, type Listener, type ListenOptions } from './listen.js';
export { createPool, rawSql, rows, transaction, type PoolOptions, type Queryable, type SqlPool } from './pool.js';
