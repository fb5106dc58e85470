import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlPool } from '@vrp/sql';
import { PrismaClient } from '../generated/prisma/client.js';

export type Db = PrismaClient;

/** The service's Prisma client, bound to its own `refund` schema, on the service's pool (which the raw hot path shares). */
export function createDb(pool: SqlPool): Db {
  return new PrismaClient({ adapter: new PrismaPg(pool, { schema: 'refund' }) });
}
