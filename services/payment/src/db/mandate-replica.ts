/**
 * The replica of active mandates' terms in the mandate's gate row (see the mandate_replica
 * migration): kept at a version strictly above the gate's fence, forgotten by a fence. The
 * insert of a payment (payment-sql.ts) checks, under the gate row's lock, that what its create
 * relied on is still current.
 */
import type { Queryable } from '@vrp/sql';
import {
  fenceReplica as fenceReplicaQuery,
  keepReplica as keepReplicaQuery,
  readReplica as readReplicaQuery,
} from '../generated/sql/mandate-gates.queries.js';
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
  const [row] = await readReplicaQuery.run({ mandateId, merchantId }, db);
  return row ? { merchantId, terms: parsed(row.terms as unknown as StoredTerms), version: BigInt(row.version) } : null;
}

/**
 * Keeps active `terms` at `version` unless a fence at or above it was set, a newer version is
 * kept, the mandate was closed or its gate is another merchant's. True when kept.
 */
export async function keepReplica(db: Queryable, mandateId: string, replica: ReplicatedTerms): Promise<boolean> {
  const kept = await keepReplicaQuery.run(
    { mandateId, merchantId: replica.merchantId, terms: JSON.stringify(stored(replica.terms)), version: replica.version.toString() },
    db,
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
  await fenceReplicaQuery.run({ mandateId, merchantId, version: version.toString(), closedAt }, db);
}
