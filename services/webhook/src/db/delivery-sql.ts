/**
 * The delivery worker's hot path, the typed queries of sql/delivery-sql.sql on the service's pool:
 * a claim that returns what an attempt needs (the endpoint and the event with each delivery), and
 * the recording of an attempt. The rest of the service's statements are in the other db/ modules,
 * on the same pool.
 */
import type { JsonValue } from '@bufbuild/protobuf';
import { waitingState, type DeliveryState } from '../domain/delivery-status.js';
import type { Queryable } from '@vrp/sql';
import {
  claimDueWork as claimDueWorkQuery,
  endFailingRuns,
  recordAttempts as recordAttemptsQuery,
} from '../generated/sql/delivery-sql.queries.js';
import type { AttemptOutcome, ClaimedDelivery } from './deliveries.js';

/** A claimed delivery with its endpoint and event as they were when it was claimed. */
export interface ClaimedWork extends ClaimedDelivery {
  /** The merchant, on whose clock the delivery's times are kept. */
  merchantId: string;
  /** How far the merchant's clock ran ahead of the wall clock when the claim found the delivery due. */
  clockOffsetMs: number;
  /** The throttle slot (wall clock) the delivery reserved and waited for; null when it has none. */
  rateSlotAt: Date | null;
  endpoint: {
    id: string;
    url: string;
    status: string;
    secretCiphertext: string;
    previousSecrets: JsonValue;
    /** vrp or standard_webhooks: which headers sign its deliveries. */
    signatureScheme: string;
    /** The merchant's throttle in deliveries a second; null: none. */
    rateLimitPerSecond: number | null;
    /** Start of the endpoint's current run of failures; null while it is healthy. */
    failingSince: Date | null;
  };
  /** `traceparent`: the trace the event belongs to, which the attempt continues. */
  event: { id: string; eventType: string; createdAt: Date; data: string; traceparent: string | null };
}

/** A replica's attempts in flight per endpoint, and how many one endpoint may have at once. */
export interface EndpointCap {
  /** At most this many attempts in flight to one endpoint (WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT). */
  maxInFlight: number;
  /** Attempts in flight now, by endpoint id (endpoints with none may be left out). */
  inFlight: ReadonlyMap<string, number>;
}

/**
 * Claims up to `limit` due deliveries with their endpoints and events, in one statement: rows
 * are picked with FOR UPDATE SKIP LOCKED (replicas never pick the same row) and leased until
 * `leaseUntil` on the wall clock (leased_until, with next_attempt_at moved there too), so the
 * HTTP call happens outside any transaction and a crashed worker's delivery becomes due again
 * once the lease is over, however far a sandbox clock moves meanwhile. Times are each
 * merchant's: a sandbox merchant's clock runs its offset (webhook.merchant_clocks) ahead of
 * `now`, and `maxOffsetMs`, the largest offset, bounds the index range looked at (0 in
 * production: the range is `now`'s alone). Each claimed delivery carries the offset the claim
 * used, so its attempt is timed on that clock even before this replica hears of an advance.
 *
 * With `cap`, no endpoint gets more than its room (`maxInFlight` less its attempts in flight):
 * endpoints with no room are left out of the scan altogether, so the oldest due rows of a busy
 * endpoint never hold back the others', and of the rows scanned (a few times `limit`, oldest
 * first) each endpoint's oldest take its room. What is left stays due and unclaimed, for a later
 * claim of this replica or another's; nothing is postponed or counted as an attempt.
 */
export async function claimDueWork(
  db: Queryable,
  now: Date,
  leaseUntil: Date,
  limit: number,
  maxOffsetMs = 0,
  cap?: EndpointCap,
): Promise<ClaimedWork[]> {
  const maxInFlight = cap?.maxInFlight ?? limit;
  const full: string[] = [];
  const busy: string[] = [];
  const room: number[] = [];
  for (const [endpointId, n] of cap?.inFlight ?? []) {
    if (n >= maxInFlight) full.push(endpointId);
    else if (n > 0) {
      busy.push(endpointId);
      room.push(maxInFlight - n);
    }
  }
  const claimed = await claimDueWorkQuery.run(
    { now, leaseUntil, limit, maxOffsetMs, full, busy, room, scanLimit: limit * 4, maxInFlight },
    db,
  );
  return claimed.map((r) => ({
    id: BigInt(r.id),
    merchantId: r.merchantId,
    eventId: r.eventId,
    endpointId: r.endpointId,
    attemptCount: r.attemptCount,
    maxAttempts: r.maxAttempts,
    manual: r.manual,
    windowStartedAt: r.windowStartedAt,
    clockOffsetMs: r.offsetMs,
    rateSlotAt: r.rateSlotAt,
    endpoint: {
      id: r.endpointId,
      url: r.url,
      status: r.endpointStatus,
      secretCiphertext: r.secretCiphertext,
      previousSecrets: r.previousSecrets as JsonValue,
      signatureScheme: r.signatureScheme,
      rateLimitPerSecond: r.rateLimitPerSecond,
      failingSince: r.failingSince,
    },
    event: { id: r.eventId, eventType: r.eventType, createdAt: r.eventCreatedAt, data: r.data, traceparent: r.traceparent },
  }));
}

/** The change an attempt makes to its event's counters of deliveries by state. */
function counterDeltas(from: DeliveryState, to: DeliveryState): [number, number, number, number] {
  const states: DeliveryState[] = ['pending', 'retrying', 'delivered', 'failed'];
  return states.map((s) => (s === to ? 1 : 0) - (s === from ? 1 : 0)) as [number, number, number, number];
}

/** An attempt to record: the delivery as it was claimed and what happened. */
export interface AttemptToRecord {
  claimed: ClaimedDelivery;
  outcome: AttemptOutcome;
}

/**
 * Records attempts in one statement however many there are: moves each delivery on
 * (delivered, retrying, failed), inserts its attempt and moves its event's counters of
 * deliveries by state by the deltas (and the status they give with them). The events are
 * locked first, in id order (by the sub-select every delivery's update checks before it locks
 * a delivery), the order every writer of an event's deliveries takes, and held for this
 * statement alone. A waiting delivery is pending before its first attempt and retrying after
 * (a CHECK), which is the state an attempt moves it from. Each update is conditional on the
 * attempt count the worker claimed, so a stale worker (lease expired meanwhile) records nothing
 * and gets false for it. Then, in a statement of its own, a success ends its endpoint's run of
 * failures if it has one (nothing is locked at a healthy endpoint). Deliveries must be distinct.
 */
export async function recordAttempts(db: Queryable, attempts: AttemptToRecord[]): Promise<boolean[]> {
  if (new Set(attempts.map((a) => a.claimed.id)).size !== attempts.length) throw new Error('a delivery twice in one batch');
  const rowsOf = attempts.map(({ claimed, outcome }) => {
    const status: DeliveryState = outcome.success ? 'delivered' : outcome.nextAttemptAt ? 'retrying' : 'failed';
    return { claimed, outcome, status, deltas: counterDeltas(waitingState(claimed.attemptCount), status) };
  });
  const column = <T>(f: (r: (typeof rowsOf)[number]) => T) => rowsOf.map(f);
  const recorded = await recordAttemptsQuery.run(
    {
      ids: column((r) => r.claimed.id.toString()),
      attemptCounts: column((r) => r.claimed.attemptCount),
      statuses: column((r) => r.status),
      // Null where the attempt ends the delivery; pgtyped types an array's elements as not null.
      nextAttemptAts: column((r) => (r.outcome.success ? null : r.outcome.nextAttemptAt)) as Date[],
      eventIds: column((r) => r.claimed.eventId),
      endpointIds: column((r) => r.claimed.endpointId),
      attemptedAts: column((r) => r.outcome.attemptedAt),
      statusCodes: column((r) => r.outcome.statusCode),
      latenciesMs: column((r) => r.outcome.latencyMs),
      errors: column((r) => r.outcome.error),
      successes: column((r) => r.outcome.success),
      responseExcerpts: column((r) => r.outcome.responseExcerpt),
      dPending: column((r) => r.deltas[0]),
      dRetrying: column((r) => r.deltas[1]),
      dDelivered: column((r) => r.deltas[2]),
      dFailed: column((r) => r.deltas[3]),
    },
    db,
  );
  const done = new Set(recorded.map((r) => r.id));
  const healthy = [
    ...new Set(rowsOf.filter((r) => r.outcome.success && done.has(r.claimed.id.toString())).map((r) => r.claimed.endpointId)),
  ];
  if (healthy.length > 0) {
    // Locked in id order, so two of these never wait for each other crosswise.
    await endFailingRuns.run({ endpointIds: healthy }, db);
  }
  return rowsOf.map((r) => done.has(r.claimed.id.toString()));
}

/** Records one attempt (recordAttempts of one). */
export async function recordAttemptOf(db: Queryable, claimed: ClaimedDelivery, outcome: AttemptOutcome): Promise<boolean> {
  const [recorded] = await recordAttempts(db, [{ claimed, outcome }]);
  return recorded!;
}
