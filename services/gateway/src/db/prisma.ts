import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.js';

export type GatewayDb = PrismaClient;

/** The gateway's Prisma client, bound to its own `gateway` schema. */
export function createGatewayDb(databaseUrl: string): GatewayDb {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl }, { schema: 'gateway' }) });
}
