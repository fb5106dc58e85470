/**
 * The mandate read every payment create makes (GetMandate, through the payment service) in
 * typed raw SQL on the service's pool; everything else runs through Prisma on the same pool.
 * Rows come back in Prisma's shape, so callers see one type.
 */
import { rows, type Queryable } from '@vrp/sql';
import type { Prisma } from '../generated/prisma/client.js';
import type { MandateRow } from './mandates.js';

interface Row {
  id: string;
  merchant_id: string;
  customer_id: string;
  status: string;
  description: string;
  metadata: Prisma.JsonValue;
  maximum_amount_minor: string;
  currency: string;
  frequency: string;
  created_at: Date;
  revoked_at: Date | null;
  revoked_by: string | null;
  suspended_at: Date | null;
  controls: Prisma.JsonValue;
}

/** The mandate `id` of `merchantId`, or null. */
export async function readMandate(db: Queryable, merchantId: string, id: string): Promise<MandateRow | null> {
  const [row] = await rows<Row>(
    db,
    `SELECT id, merchant_id, customer_id, status, description, metadata, maximum_amount_minor::text AS maximum_amount_minor,
            currency, frequency, created_at, revoked_at, revoked_by, suspended_at, controls
       FROM mandate.mandates WHERE id = $1 AND merchant_id = $2`,
    [id, merchantId],
  );
  if (!row) return null;
  return {
    id: row.id,
    merchantId: row.merchant_id,
    customerId: row.customer_id,
    status: row.status,
    description: row.description,
    metadata: row.metadata,
    maximumAmountMinor: BigInt(row.maximum_amount_minor),
    currency: row.currency,
    frequency: row.frequency,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
    revokedBy: row.revoked_by,
    suspendedAt: row.suspended_at,
    controls: row.controls,
  };
}
