import type { Batcher } from '@vrp/grpc';
import { SpanKind, contextFromTraceparent, inSpan, markFailed } from '@vrp/tracing';
import type { AddressPolicy } from '../clients/receiver/address-guard.js';
import { postWebhook, type KeepAliveAgents, type PostResult } from '../clients/receiver/http-post.js';
import { abandon, postpone, putBack } from '../db/deliveries.js';
import type { AttemptToRecord, ClaimedWork } from '../db/delivery-sql.js';
import { findEndpoint, recordEndpointHealth } from '../db/endpoints.js';
import { reserveRateSlot, spendRateSlot, waitForRateSlot } from '../db/rate-slots.js';
import type { Deps } from '../deps.js';
import { honourRetryAfter } from '../domain/retry-after.js';
import { RETRY_WINDOW_MS, nextAttemptAt, retryWindowMs, withinWindow } from '../domain/retry-schedule.js';
import { buildWebhookRequest } from '../domain/webhook-request.js';
import type { AddressRooms } from './delivery/address-rooms.js';
import type { CircuitOpen, EndpointBreakers } from './delivery/endpoint-breakers.js';
import { liveSecrets } from './delivery/live-secrets.js';
import { recordEndpointEvent } from './record-endpoint-event.js';

/**
 * What every attempt of one delivery worker shares, built once by the worker: the endpoints'
 * circuits, the room at each destination address, the kept-alive connections and the recorder
 * that writes the attempts finishing together in one statement.
 */
export interface DeliveryChannel {
  breakers: EndpointBreakers;
  rooms: AddressRooms;
  agents: KeepAliveAgents;
  policy: AddressPolicy;
  /** Records an attempt's outcome; false when the claim had been overtaken and nothing was recorded. */
  recorder: Batcher<AttemptToRecord, boolean>;
  /** Source of jitter, [0,1). */
  random?: (() => number) | undefined;
  /** Told of every attempt made (for metrics). */
  onAttempt?: ((result: PostResult) => void) | undefined;
}

export type DeliverEventDeps = Pick<Deps, 'sql' | 'config' | 'clocks' | 'logger' | 'undeliverable' | 'afterCommit'> & {
  channel: DeliveryChannel;
};

/**
 * One attempt of a claimed delivery, as a span of the trace that caused the event (so a
 * payment's trace ends at the merchant's answer): through the endpoint's circuit, throttle and
 * destination address, signed and POSTed, its outcome recorded and the next attempt scheduled.
 * Never rejects: a delivery that could not be processed is logged, and its lease runs out.
 */
export function deliverEvent(deps: DeliverEventDeps, claimed: ClaimedWork): Promise<void> {
  return inSpan(
    `deliver ${claimed.event.eventType}`,
    {
      attributes: { 'vrp.event.id': claimed.eventId, 'vrp.endpoint.id': claimed.endpointId, 'vrp.attempt': claimed.attemptCount + 1 },
      parent: contextFromTraceparent(claimed.event.traceparent),
    },
    () => attempt(deps, claimed),
  );
}

async function attempt(deps: DeliverEventDeps, claimed: ClaimedWork): Promise<void> {
  const { sql: db, channel } = deps;
  try {
    // Ask the circuit first: a delivery it would reject costs no reads, decryption or signing.
    // A manual retry goes through whatever the circuit says: the merchant asked for it now.
    const blocked = claimed.manual ? undefined : channel.breakers.blocked(claimed.endpointId);
    if (blocked) return await postponeForCircuit(deps, claimed, blocked);
    if (claimed.endpoint.status !== 'enabled') return await abandon(db, claimed);
    // A place at the destination address, or the delivery goes back, still due and no attempt
    // made: the claims leave it there until the address has room.
    if (await overThrottle(deps, claimed)) return;
    const place = await channel.rooms.placeFor(claimed.endpointId, claimed.endpoint.url);
    if (place && 'retryInMs' in place) return await putBack(db, claimed, merchantNow(deps, claimed));
    try {
      await post(deps, claimed);
    } finally {
      place?.release();
    }
  } catch (err) {
    // The lease runs out and the delivery becomes due again: nothing is lost.
    deps.logger.warn('delivery could not be processed', { err, event_id: claimed.eventId, endpoint_id: claimed.endpointId });
  }
}

/** The attempt itself: signs, POSTs through the endpoint's circuit, records the outcome. */
async function post(deps: DeliverEventDeps, claimed: ClaimedWork): Promise<void> {
  const { sql: db, config, clocks, channel } = deps;
  const { endpoint, event } = claimed;
  const attempt = claimed.attemptCount + 1;
  const request = buildWebhookRequest({
    ...event,
    eventId: event.id,
    attempt,
    scheme: endpoint.signatureScheme,
    secrets: liveSecrets(config.secretKeys, endpoint, merchantNow(deps, claimed)),
    sandbox: config.env === 'sandbox',
    // The signature's t= is the wall clock's: receivers check it against theirs.
    now: clocks.now(),
  });
  const attemptedAt = merchantNow(deps, claimed);
  const post = () =>
    inSpan(
      'POST',
      {
        kind: SpanKind.CLIENT,
        // OpenTelemetry's HTTP client conventions; the URL without its query (which may carry a merchant's token).
        attributes: (() => {
          const url = new URL(endpoint.url);
          const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
          return {
            'http.request.method': 'POST',
            'server.address': url.hostname,
            'server.port': port,
            'url.full': `${url.origin}${url.pathname}`,
          };
        })(),
      },
      async (span) => {
        const posted = await postWebhook(new URL(endpoint.url), request.body, request.headers, {
          timeoutMs: config.timeoutMs,
          policy: channel.policy,
          agents: channel.agents,
        });
        span.setAttribute('http.response.status_code', posted.statusCode);
        if (!posted.success) markFailed(span, posted.error);
        return posted;
      },
    );
  const result = claimed.manual ? await post() : await channel.breakers.run(endpoint.id, post);
  if ('circuitOpen' in result) return await postponeForCircuit(deps, claimed, result);
  channel.onAttempt?.(result);
  const gone = result.statusCode === 410;
  const now = merchantNow(deps, claimed);
  const windowEnd = new Date(claimed.windowStartedAt.getTime() + RETRY_WINDOW_MS);
  const scheduled = withinWindow(
    result.success || gone ? null : nextAttemptAt(now, attempt, claimed.maxAttempts, config.retrySchedule, channel.random),
    now,
    windowEnd,
  );
  const next = scheduled && honourRetryAfter(scheduled, now, result.retryAfterMs, windowEnd);
  if (!(await channel.recorder.call({ claimed, outcome: { attemptedAt, ...result, nextAttemptAt: next } }))) return;
  if (!result.success)
    deps.logger.info('webhook attempt failed', { event_id: event.id, endpoint_id: endpoint.id, attempt, error: result.error });
  // Recording a success ended the endpoint's run of failures, if it had one.
  if (!result.success && result.receiverFault) {
    const disabled = await recordEndpointHealth(db, endpoint.id, {
      at: attemptedAt,
      success: result.success,
      gone,
      disableAfterMs: config.disableAfterMs,
    });
    if (disabled) {
      deps.logger.warn('webhook endpoint disabled', { endpoint_id: endpoint.id, reason: disabled });
      const row = await findEndpoint(db, claimed.merchantId, endpoint.id);
      if (row) await recordEndpointEvent(deps, row, 'webhook_endpoint.disabled');
    }
  }
}

/**
 * The merchant's now for an attempt: its clock as this replica knows it, or as the claim found
 * it if that is later (the clock was advanced and this replica has not heard yet), so an attempt
 * is never dated, or its next one scheduled, before the time that made it due.
 */
function merchantNow(deps: DeliverEventDeps, claimed: ClaimedWork): Date {
  const known = deps.clocks.now(claimed.merchantId).getTime();
  return new Date(Math.max(known, deps.clocks.now().getTime() + claimed.clockOffsetMs));
}

/**
 * The endpoint's throttle (rate_limit.per_second): a delivery that has no slot yet reserves the
 * next; one whose slot is still ahead goes back to wait for it (true), due then, with no attempt
 * counted. A delivery whose slot has come spends it and goes on.
 */
async function overThrottle(deps: DeliverEventDeps, claimed: ClaimedWork): Promise<boolean> {
  const perSecond = claimed.endpoint.rateLimitPerSecond;
  if (!perSecond) return false;
  const { sql: db, clocks } = deps;
  const now = clocks.now();
  const slot = claimed.rateSlotAt ?? (await reserveRateSlot(db, claimed.endpointId, perSecond, now));
  if (slot.getTime() > now.getTime()) {
    await waitForRateSlot(db, claimed, slot, new Date(merchantNow(deps, claimed).getTime() + slot.getTime() - now.getTime()));
    return true;
  }
  if (claimed.rateSlotAt) await spendRateSlot(db, claimed);
  return false;
}

/** Puts a delivery back until the circuit may let it through, or fails it once that is past its retry window. */
async function postponeForCircuit(deps: DeliverEventDeps, claimed: ClaimedWork, open: CircuitOpen): Promise<void> {
  const { sql: db, config } = deps;
  const outcome = await postpone(
    db,
    claimed,
    new Date(merchantNow(deps, claimed).getTime() + open.retryInMs),
    retryWindowMs(config.retrySchedule),
  );
  if (outcome === 'failed') {
    deps.logger.info('webhook delivery failed: circuit still open at the end of its retry window', {
      event_id: claimed.eventId,
      endpoint_id: claimed.endpointId,
    });
  }
}
