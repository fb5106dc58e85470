import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlPool } from '@vrp/sql';
import { PrismaClient } from '../generated/prisma/client.js';

export type Db = PrismaClient;
/** A client or the transaction client inside `$transaction`. */
export type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

/** The service's Prisma client over its own `webhook` schema, on the service's pool (which the raw hot path shares). */
export function createDb(pool: SqlPool): Db {
  return new PrismaClient({ adapter: new PrismaPg(pool, { schema: 'webhook' }) });
}
