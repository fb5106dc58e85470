/**
 * A payment's create, in one transaction where it takes more than its insert: the
 * Idempotency-Key's binding, the insert (gate, row, timeline entry and outbox row in one
 * statement) and the periodic limits' counters commit or roll back together. Without a key and
 * without limits the insert runs alone on the pool.
 */
import { transaction, type Queryable, type SqlPool } from '@vrp/sql';
import type { IdempotencyClaim } from '@vrp/idempotency';
import type { UsageClaim } from '../domain/collection-rules.js';
import { bindPaymentKey } from './idempotency.js';
import { insertSubmitted, type GateRefusal, type OutboxRowOf, type TermsBasis } from './payment-sql.js';
import type { NewPayment, PaymentRecord } from './payments.js';
import { claimUsage } from './period-usage.js';

/** What a create stores, as the create use case decided it. */
export interface PaymentCreate {
  payment: NewPayment;
  /** payment.submitted, built from the payment as inserted. */
  event: OutboxRowOf;
  basis: TermsBasis;
  /** The periods of the mandate's periodic limits it counts in (none without limits). */
  claims: UsageClaim[];
  idempotency: IdempotencyClaim | undefined;
}

/** Why the create stored nothing: the gate refused it, or it would take the limit at `overLimit` (its index) over a cap. */
export type CreateRefusal = GateRefusal | { overLimit: number };

/**
 * Stores a submitted payment (see PaymentCreate). When the gate refuses it or a periodic limit
 * is full, it throws `refuse(why)` from inside the transaction, so the key's binding and the
 * counters roll back with it; a concurrent create that bound the key first makes it throw KeyTaken.
 */
export async function insertSubmittedPayment(
  pool: SqlPool,
  create: PaymentCreate,
  refuse: (why: CreateRefusal) => Error,
): Promise<PaymentRecord> {
  const { payment, claims, idempotency } = create;
  const insert = async (db: Queryable) => {
    const created = await insertSubmitted(db, payment, create.event, create.basis);
    if (created === 'closed' || created === 'stale') throw refuse(created);
    const over = claims.length ? await claimUsage(db, payment.mandateId, payment.id, payment.amountMinor, claims) : -1;
    if (over !== -1) throw refuse({ overLimit: over });
    return created;
  };
  return idempotency || claims.length
    ? transaction(pool, async (tx) => {
        if (idempotency) await bindPaymentKey(tx, payment.merchantId, idempotency, payment.id, payment.at);
        return insert(tx);
      })
    : insert(pool);
}
