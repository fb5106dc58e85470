import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.js';

export type Db = PrismaClient;
/** A client or the transaction client inside `$transaction`. */
export type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

/** The service's Prisma client over its own `webhook` schema. */
export function createDb(databaseUrl: string): Db {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl }, { schema: 'webhook' }) });
}
