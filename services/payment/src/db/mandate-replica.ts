/**
 * The replica of active mandates' terms in the mandate's gate row (see the mandate_replica
 * migration): kept at a version strictly above the gate's fence, forgotten by a fence. The
 * insert of a payment (payment-sql.ts) checks, under the gate row's lock, that what its create
 * relied on is still current.
 */
import { rows, type Queryable } from '@vrp/sql';
import type { MandateTerms } from '../domain/collection-rules.js';
import type { Alignment, LimitPeriod } from '../domain/periodic-limits.js';
import type { Frequency } from '../domain/period.js';
import type { ReplicatedTerms } from '../domain/terms-cache.js';

/** The terms as stored: JSON, with amounts as decimal strings of minor units and times in ISO 8601. */
interface StoredTerms {
  currency: string;
  maximum_amount_minor: string;
  frequency: Frequency;
  created_at: string;
  valid_from?: string;
  valid_to?: string;
  periodic_limits: { period: LimitPeriod; alignment: Alignment; max_amount_minor?: string; max_payments?: number }[];
  pro_rate_first_period?: true;
}

function stored(t: MandateTerms): StoredTerms {
  return {
    currency: t.currency,
    maximum_amount_minor: t.maximumAmountMinor.toString(),
    frequency: t.frequency,
    created_at: t.createdAt.toISOString(),
    ...(t.validFrom ? { valid_from: t.validFrom.toISOString() } : {}),
    ...(t.validTo ? { valid_to: t.validTo.toISOString() } : {}),
    periodic_limits: t.periodicLimits.map((l) => ({
      period: l.period,
      alignment: l.alignment,
      ...(l.maxAmountMinor !== undefined ? { max_amount_minor: l.maxAmountMinor.toString() } : {}),
      ...(l.maxPayments !== undefined ? { max_payments: l.maxPayments } : {}),
    })),
  };
}

function parsed(s: StoredTerms): MandateTerms {
  return {
    status: 'active',
    currency: s.currency,
    maximumAmountMinor: BigInt(s.maximum_amount_minor),
    frequency: s.frequency,
    createdAt: new Date(s.created_at),
    validFrom: s.valid_from ? new Date(s.valid_from) : undefined,
    validTo: s.valid_to ? new Date(s.valid_to) : undefined,
    periodicLimits: s.periodic_limits.map((l) => ({
      period: l.period,
      alignment: l.alignment,
      maxAmountMinor: l.max_amount_minor !== undefined ? BigInt(l.max_amount_minor) : undefined,
      maxPayments: l.max_payments,
    })),
    proRateFirstPeriod: s.pro_rate_first_period === true,
  };
}

/** The replicated terms of the merchant's mandate, or null (none kept, fenced, or revoked). */
export async function readReplica(db: Queryable, merchantId: string, mandateId: string): Promise<ReplicatedTerms | null> {
  const [row] = await rows<{ terms: StoredTerms; version: string }>(
    db,
    `SELECT terms, terms_version::text AS version FROM payment.mandate_gates
      WHERE mandate_id = $1 AND merchant_id = $2 AND terms IS NOT NULL AND closed_at IS NULL`,
    [mandateId, merchantId],
  );
  return row ? { merchantId, terms: parsed(row.terms), version: BigInt(row.version) } : null;
}

/**
 * Keeps active `terms` at `version` unless a fence at or above it was set, a newer version is
 * kept, the mandate was closed or its gate is another merchant's. True when kept.
 */
export async function keepReplica(db: Queryable, mandateId: string, replica: ReplicatedTerms): Promise<boolean> {
  const kept = await rows<{ kept: boolean }>(
    db,
    `INSERT INTO payment.mandate_gates AS g (mandate_id, merchant_id, terms, terms_version) VALUES ($1, $2, $3::jsonb, $4)
     ON CONFLICT (mandate_id) DO UPDATE SET terms = EXCLUDED.terms, terms_version = EXCLUDED.terms_version
      WHERE g.merchant_id = EXCLUDED.merchant_id AND g.closed_at IS NULL AND g.fence < EXCLUDED.terms_version
        AND (g.terms_version IS NULL OR g.terms_version < EXCLUDED.terms_version)
     RETURNING true AS kept`,
    [mandateId, replica.merchantId, JSON.stringify(stored(replica.terms)), replica.version.toString()],
  );
  return kept.length > 0;
}

/**
 * Forgets the replica and raises the fence to `version` (never lowers it); with `closedAt`, also
 * closes the gate (a revocation). Waits for the gate row's lock, so it returns once no create
 * under the mandate is still inserting. A gate that is another merchant's is left alone.
 */
export async function fenceReplica(
  db: Queryable,
  merchantId: string,
  mandateId: string,
  version: bigint,
  closedAt: Date | null,
): Promise<void> {
  await db.query(
    `INSERT INTO payment.mandate_gates AS g (mandate_id, merchant_id, fence, closed_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (mandate_id) DO UPDATE SET terms = NULL, terms_version = NULL, fence = GREATEST(g.fence, EXCLUDED.fence),
       closed_at = COALESCE(g.closed_at, EXCLUDED.closed_at)
      WHERE g.merchant_id = EXCLUDED.merchant_id`,
    [mandateId, merchantId, version.toString(), closedAt],
  );
}
