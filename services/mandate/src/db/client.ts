import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlPool } from '@vrp/sql';
import { PrismaClient, type Prisma } from '../generated/prisma/client.js';

/** The service's database client. */
export type Db = PrismaClient;
/** A client bound to one open transaction. */
export type Tx = Prisma.TransactionClient;

/** The Prisma client over the `mandate` schema, on the service's pool (which the raw reads share). */
export function createDb(pool: SqlPool): Db {
  return new PrismaClient({
    adapter: new PrismaPg(pool, { schema: 'mandate' }),
    // Transactions here are a few statements; under a burst they queue for a pool connection
    // longer than Prisma's 2 s default allows, which would surface as spurious internal errors.
    transactionOptions: { maxWait: 10_000, timeout: 10_000 },
  });
}
