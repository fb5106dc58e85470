import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.js';

export type RefundDb = PrismaClient;

/** The service's Prisma client, bound to its own `refund` schema. */
export function createRefundDb(connectionString: string): RefundDb {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString }, { schema: 'refund' }) });
}
