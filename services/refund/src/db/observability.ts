import { outboxLagSql } from '@vrp/outbox';
import type { Db } from './client.js';

/** Answers when the database does (readiness). */
export async function pingDatabase(db: Db): Promise<void> {
  await db.$queryRaw`SELECT 1`;
}

/** Seconds the oldest unpublished outbox row has waited (0 when none waits). */
export async function outboxLagSeconds(db: Db): Promise<number> {
  return (await db.$queryRawUnsafe<{ lag: number }[]>(outboxLagSql('refund')))[0]!.lag;
}

/** How many refunds are in each status now. */
export async function refundsByStatus(db: Db): Promise<{ status: string; count: number }[]> {
  return db.$queryRaw<{ status: string; count: number }[]>`SELECT status, count(*)::int AS count FROM refund.refunds GROUP BY status`;
}
