import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlPool } from '@vrp/sql';
import { PrismaClient } from '../generated/prisma/client.js';

export type Db = PrismaClient;
/** The client inside an interactive transaction. */
export type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

/** The schema this service owns. */
export const SCHEMA = 'payment';

/**
 * A Prisma client on the service's schema, running on the service's pool (which the raw hot
 * path shares). Transactions may wait for a pooled connection for a while under bursts (many
 * creates race on one mandate) rather than fail after Prisma's 2 s.
 */
export function createDb(pool: SqlPool): Db {
  return new PrismaClient({
    adapter: new PrismaPg(pool, { schema: SCHEMA }),
    transactionOptions: { maxWait: 15_000, timeout: 15_000 },
  });
}
