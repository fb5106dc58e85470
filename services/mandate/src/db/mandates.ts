import { newId } from '@vrp/ids';
import type { MandateChange } from '../domain/mandate-lifecycle.js';
import type { MandateTerms } from '../domain/mandate-terms.js';
import type { StoredControls } from '../domain/mandate-controls.js';
import { Prisma } from '../generated/prisma/client.js';
import type { Mandate } from '../generated/prisma/client.js';
import type { Db, Tx } from './client.js';

export type MandateRow = Mandate;

/** Stores a new mandate in pending_sca. The composite foreign key keeps the customer the merchant's own. */
export function insertMandate(
  tx: Tx,
  merchantId: string,
  customerId: string,
  terms: MandateTerms & { controls: StoredControls | null },
  id = newId('mandate'),
  createdAt = new Date(),
): Promise<MandateRow> {
  const { controls, ...rest } = terms;
  return tx.mandate.create({
    data: {
      id,
      merchantId,
      customerId,
      status: 'pending_sca',
      createdAt,
      ...rest,
      controls: controls ? (controls as unknown as Prisma.InputJsonObject) : Prisma.DbNull,
    },
  });
}

/** The mandate `id` of `merchantId`, or null. */
export function findMandate(db: Db | Tx, merchantId: string, id: string): Promise<MandateRow | null> {
  return db.mandate.findFirst({ where: { id, merchantId } });
}

/**
 * Applies `change` only while the mandate's status is one of `from` (one conditional UPDATE,
 * so of two concurrent moves exactly one matches) and returns the row after it, or null when
 * the mandate does not exist for this merchant or was not in a `from` status.
 */
export async function applyMandateChange(
  tx: Tx,
  merchantId: string,
  id: string,
  from: readonly string[],
  change: MandateChange,
): Promise<MandateRow | null> {
  const [row] = await tx.mandate.updateManyAndReturn({
    where: { id, merchantId, status: { in: [...from] } },
    data: change,
  });
  return row ?? null;
}

/**
 * Applies `change` (an activation) to up to `limit` mandates of any merchant still in
 * pending_sca and created at or before `cutoff` (on its merchant's clock), returning them as they are now. Rows another
 * sweeper or a concurrent move holds are skipped, not waited on.
 */
export async function changePendingCreatedBefore(tx: Tx, cutoff: Date, limit: number, change: MandateChange): Promise<MandateRow[]> {
  const due = await tx.$queryRaw<{ id: string }[]>`
    SELECT m.id FROM "mandate"."mandates" m
      LEFT JOIN "mandate"."merchant_clocks" c ON c.merchant_id = m.merchant_id
    WHERE m.status = 'pending_sca' AND m.created_at <= ${cutoff}::timestamptz + make_interval(secs => coalesce(c.offset_ms, 0) / 1000.0)
    ORDER BY m.created_at LIMIT ${limit} FOR UPDATE OF m SKIP LOCKED`;
  if (due.length === 0) return [];
  return tx.mandate.updateManyAndReturn({
    where: { id: { in: due.map((d) => d.id) }, status: 'pending_sca' },
    data: change,
  });
}
