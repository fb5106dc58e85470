import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.js';

export type Db = PrismaClient;
/** The client inside an interactive transaction. */
export type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

/** The schema this service owns. */
export const SCHEMA = 'payment';

/**
 * A Prisma client on the service's schema. Transactions may wait for a pooled connection for a
 * while under bursts (many creates race on one mandate) rather than fail after Prisma's 2 s.
 */
export function createDb(databaseUrl: string, poolSize = 10): Db {
  return new PrismaClient({
    adapter: new PrismaPg({ connectionString: databaseUrl, max: poolSize }, { schema: SCHEMA }),
    transactionOptions: { maxWait: 15_000, timeout: 15_000 },
  });
}
