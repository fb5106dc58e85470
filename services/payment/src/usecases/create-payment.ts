import { ApiError } from '@vrp/errors';
import { KeyTaken, type IdempotencyClaim } from '@vrp/idempotency';
import { newId } from '@vrp/ids';
import type { JsonObject } from '@bufbuild/protobuf';
import { pullMandate } from '../clients/mandate-terms.js';
import { ONE_OPEN_PER_MANDATE, ONE_PER_PERIOD, PERIOD_CAPS, violatedConstraint } from '../db/constraint-violation.js';
import { paymentEvent } from '../db/events.js';
import { paymentOfKey } from '../db/idempotency.js';
import { insertSubmittedPayment, type CreateRefusal } from '../db/payment-create.js';
import { readPayment, type TermsBasis } from '../db/payment-sql.js';
import { keepReplica } from '../db/mandate-replica.js';
import type { PaymentRecord } from '../db/payments.js';
import {
  assertCollectable,
  assertWithinWindow,
  periodicLimitExceeded,
  usageClaims,
  type MandateTerms,
} from '../domain/collection-rules.js';
import { periodKey } from '../domain/period.js';
import { endToEndId, paymentReference } from '../domain/reference.js';
import { MAX_RETRIES } from '../domain/retry-policy.js';
import type { Deps } from '../deps.js';
import { replicatedTerms } from './mandate-replica.js';

export interface CreatePaymentInput {
  merchantId: string;
  mandateId: string;
  amountMinor: bigint;
  currency: string;
  metadata: JsonObject;
  /** The merchant's remittance reference; absent or empty: one is generated. */
  reference?: string | undefined;
  /** The merchant's Idempotency-Key with the request's fingerprint, when one was sent. */
  idempotency?: IdempotencyClaim | undefined;
  /** The schedule whose cycle this payment collects (a schedule's create). */
  scheduleId?: string | undefined;
  /** Automatic retries of a retryable failure the schedule allows (0..3). */
  autoRetries?: number | undefined;
}

/**
 * Collects under an active mandate: checks the mandate's terms, then stores the payment as
 * submitted with its timeline entry and `payment.submitted` in one transaction. The database
 * enforces one open payment per mandate and the frequency limit (the violated index tells which),
 * and the consent's periodic limits (counters whose caps are CHECK constraints, see period-usage).
 * Outside the consent's validity window it is mandate_not_yet_valid or mandate_expired.
 * After commit the attempt is handed to the bank in the background. With an Idempotency-Key,
 * the key is bound to the payment in the same transaction: a repeat returns that payment (even
 * if the mandate changed since), and concurrent repeats create exactly one.
 *
 * The terms come from the replica the mandate service keeps here (mandate-replica.ts) when it
 * holds them, else from the mandate service. Either way the insert checks, under the gate row's
 * lock, that no move out of active has begun since they were read; if one has, the create starts
 * over and asks the mandate service, which answers with the mandate as the move leaves it.
 */
export async function createPayment(deps: Deps, input: CreatePaymentInput): Promise<PaymentRecord> {
  if (input.amountMinor <= 0n) throw new ApiError('validation_error', 'amount must be greater than zero', { param: 'amount' });
  const autoRetries = input.autoRetries ?? 0;
  if (!Number.isInteger(autoRetries) || autoRetries < 0 || autoRetries > MAX_RETRIES)
    throw new ApiError('validation_error', `auto_retries must be 0 to ${MAX_RETRIES}`, { param: 'auto_retries' });
  const replay = await replayed(deps, input);
  if (replay) return replay;
  for (let attempt = 0; ; attempt++) {
    const replica = attempt === 0 ? await replicatedTerms(deps, input.merchantId, input.mandateId) : null;
    const pulled = replica ? undefined : await pullMandate(deps.mandates, input.merchantId, input.mandateId);
    if (pulled?.replicable && pulled.terms.status === 'active') await keepPulled(deps, input, pulled.terms, pulled.version);
    const terms = replica?.terms ?? pulled!.terms;
    const basis: TermsBasis = { replica: !!replica, version: replica?.version ?? pulled!.version };
    const created = await createUnder(deps, input, terms, basis);
    if (created === STALE) {
      deps.terms.forget(input.mandateId);
      // A move out of active is under way: the mandate service answers with its outcome once it commits.
      if (attempt >= MOVE_WAITS_MS.length) throw new ApiError('service_unavailable', 'The mandate is changing; try again.');
      if (!replica) await sleep(MOVE_WAITS_MS[attempt]!);
      continue;
    }
    return created === REPLAYED ? (await replayed(deps, input))! : created;
  }
}

/** How long a create waits for a move out of active to commit before asking again, then gives up. */
const MOVE_WAITS_MS = [5, 20, 50, 100, 200];
const STALE = Symbol('stale terms');
const REPLAYED = Symbol('key taken');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Keeps the terms the mandate service answered with, so the next create need not ask it. */
async function keepPulled(deps: Deps, input: CreatePaymentInput, terms: MandateTerms, version: bigint): Promise<void> {
  const replica = { merchantId: input.merchantId, terms, version };
  try {
    if (await keepReplica(deps.sql, input.mandateId, replica)) deps.terms.set(input.mandateId, replica);
  } catch (err) {
    deps.logger.warn('mandate terms not replicated; the next create asks the mandate service again', { mandate_id: input.mandateId, err });
  }
}

/** One try at the create under `terms`: the payment, STALE, or REPLAYED (a concurrent repeat won). */
async function createUnder(
  deps: Deps,
  input: CreatePaymentInput,
  terms: MandateTerms,
  basis: TermsBasis,
): Promise<PaymentRecord | typeof STALE | typeof REPLAYED> {
  assertCollectable(terms, input.amountMinor, input.currency);
  const now = deps.clocks.now(input.merchantId);
  assertWithinWindow(terms, now);
  const claims = usageClaims(terms, now);
  const id = newId('payment', now.getTime());
  const payment = {
    id,
    merchantId: input.merchantId,
    mandateId: input.mandateId,
    amountMinor: input.amountMinor,
    currency: input.currency,
    metadata: input.metadata,
    reference: paymentReference(input.reference, id),
    endToEndId: endToEndId(id),
    periodKey: periodKey(terms.frequency, now),
    at: now,
    scheduleId: input.scheduleId ?? null,
    autoRetries: input.autoRetries ?? 0,
  };
  const event = paymentEvent(deps.subjectPrefix, 'payment.submitted', now);
  // The mandate was active when checked above; the gate in the insert makes sure it was not revoked
  // or moved out of active since. Refused inside the transaction, so an Idempotency-Key's binding
  // rolls back with it. The periodic limits count it in the same transaction: over a cap, nothing
  // of it is kept.
  const refuse = (why: CreateRefusal) => {
    if (why === 'closed') return new ApiError('mandate_not_active', 'The mandate has been revoked.', { param: 'mandate_id' });
    if (why === 'stale') return new StaleTerms();
    return periodicLimitExceeded(terms, why.overLimit, claims.find((c) => c.index === why.overLimit)?.maxAmountMinor);
  };
  let record: PaymentRecord;
  try {
    record = await insertSubmittedPayment(deps.sql, { payment, event, basis, claims, idempotency: input.idempotency }, refuse);
  } catch (err) {
    if (err instanceof StaleTerms) return STALE;
    // A concurrent create with the same key committed first: answer with its payment.
    if (err instanceof KeyTaken) return REPLAYED;
    throw openOrPeriodConflict(err) ?? err;
  }
  deps.afterCommit();
  deps.attempts.add(record.id, record);
  deps.submitter.submitLater(record);
  return record;
}

/** The gate refused the terms a create relied on (a move out of active began since they were read). */
class StaleTerms extends Error {}

/** The payment an earlier create with the same Idempotency-Key made, if any. */
async function replayed(deps: Deps, input: CreatePaymentInput): Promise<PaymentRecord | undefined> {
  if (!input.idempotency) return undefined;
  const paymentId = await paymentOfKey(deps.sql, input.merchantId, input.idempotency, deps.clocks.now(input.merchantId));
  return paymentId ? ((await readPayment(deps.sql, input.merchantId, paymentId)) ?? undefined) : undefined;
}

/** Maps a violation of the mandate-wide partial unique indexes to its API reason. */
export function openOrPeriodConflict(err: unknown): ApiError | undefined {
  const constraint = violatedConstraint(err);
  if (constraint === ONE_OPEN_PER_MANDATE) {
    return new ApiError('open_payment_exists', 'The mandate already has an open (submitted) payment.', { param: 'mandate_id', cause: err });
  }
  if (constraint === ONE_PER_PERIOD) {
    return new ApiError('frequency_limit_reached', "The mandate's frequency allows no further payment in this period.", {
      param: 'mandate_id',
      cause: err,
    });
  }
  if (constraint && PERIOD_CAPS.includes(constraint)) {
    return new ApiError('periodic_limit_exceeded', "The payment would exceed one of the mandate's periodic limits.", { cause: err });
  }
  return undefined;
}
