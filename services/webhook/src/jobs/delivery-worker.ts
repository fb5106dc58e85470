import { Batcher } from '@vrp/grpc';
import { startWorkLoop, type WorkLoop } from '@vrp/runtime';
import { honourRetryAfter } from '../domain/retry-after.js';
import { RETRY_WINDOW_MS, nextAttemptAt, retryWindowMs, withinWindow } from '../domain/retry-schedule.js';
import { closeCircuitsOfMerchant, openCircuits, publishCircuitClosed, publishCircuitOpen } from '../db/endpoint-circuits.js';
import { findEndpoint, recordEndpointHealth } from '../db/endpoints.js';
import { recordEndpointEvent } from '../usecases/record-endpoint-event.js';
import { abandon, postpone, putBack } from '../db/deliveries.js';
import { reserveRateSlot, spendRateSlot, waitForRateSlot } from '../db/rate-slots.js';
import { claimDueWork, recordAttempts, type AttemptToRecord, type ClaimedWork } from '../db/delivery-sql.js';
import type { Deps } from '../deps.js';
import { buildWebhookRequest } from '../domain/webhook-request.js';
import { EndpointBreakers, type CircuitOpen } from './delivery/endpoint-breakers.js';
import { SpanKind, contextFromTraceparent, inSpan, markFailed } from '@vrp/tracing';
import { keepAliveAgents, postWebhook, type KeepAliveAgents, type PostResult } from './delivery/http-post.js';
import { AddressRooms } from './delivery/address-rooms.js';
import { Destinations } from './delivery/destinations.js';
import { liveSecrets } from './delivery/live-secrets.js';

export interface DeliveryWorkerOptions {
  /** Extra trusted CA (PEM) beside the system ones; production uses NODE_EXTRA_CA_CERTS instead. */
  extraCa?: string | undefined;
  /** Source of jitter, [0,1). */
  random?: () => number;
  /** Told of every attempt made (for metrics). */
  onAttempt?: (result: PostResult) => void;
}

/** How often a replica reads the endpoint circuits the others opened. */
const CIRCUIT_SYNC_MS = 1000;

/**
 * Sends due deliveries: claims a batch from the database, POSTs each (signed, through its
 * endpoint's circuit breaker) and records the outcome. Several replicas can run side by side.
 */
export class DeliveryWorker {
  private loop?: WorkLoop;
  private readonly breakers: EndpointBreakers;

  /** Endpoints whose circuit is open or half-open now. */
  openCircuits(): number {
    return this.breakers.openCount();
  }
  private readonly agents: KeepAliveAgents;
  /**
   * Attempts that finish while others are being recorded are recorded together, in one
   * statement (alone and at once when the worker is quiet): one connection and one commit for
   * many attempts, where each had taken a connection of the pool.
   */
  private readonly recorder: Batcher<AttemptToRecord, boolean>;
  /** Attempts under way; each settles (it never rejects: deliver catches everything). */
  private readonly inFlight = new Set<Promise<void>>();
  /** The same attempts counted by endpoint (endpoints with none are left out). */
  private readonly inFlightByEndpoint = new Map<string, number>();
  private readonly policy: { allowLoopback: boolean; allowedHosts: string[] };
  /** Where each endpoint's host resolves to (cached, its connections use it too) and the room at each address. */
  private readonly rooms: AddressRooms;

  constructor(
    private readonly deps: Pick<Deps, 'db' | 'sql' | 'config' | 'clocks' | 'logger' | 'undeliverable' | 'afterCommit'>,
    private readonly options: DeliveryWorkerOptions = {},
  ) {
    this.policy = { allowLoopback: deps.config.allowInsecureLoopback, allowedHosts: deps.config.allowedPrivateHosts };
    const destinations = new Destinations(this.policy);
    this.rooms = new AddressRooms(
      destinations,
      { maxInFlight: deps.config.maxInFlightPerAddress, perSecond: deps.config.maxPerSecondPerAddress },
      () => this.nudge(),
    );
    this.agents = keepAliveAgents(this.policy, options.extraCa, destinations.lookup());
    this.recorder = new Batcher((attempts) => recordAttempts(deps.sql, attempts), { maxBatch: 64, maxInFlight: 2 });
    this.breakers = new EndpointBreakers({
      resetTimeoutMs: deps.config.breakerResetMs,
      volumeThreshold: deps.config.breakerVolumeThreshold,
      onStateChange: (endpointId, state) => {
        const shared =
          state === 'open'
            ? publishCircuitOpen(deps.sql, endpointId, deps.config.breakerResetMs)
            : publishCircuitClosed(deps.sql, endpointId);
        this.track(
          shared.catch((err: unknown) => deps.logger.warn('endpoint circuit could not be shared', { err, endpoint_id: endpointId })),
        );
      },
    });
  }

  /** Writes and reads of shared circuits under way (awaited on stop). */
  private readonly sharing = new Set<Promise<void>>();
  private circuitSync?: NodeJS.Timeout;

  private track(p: Promise<void>): void {
    this.sharing.add(p);
    void p.finally(() => this.sharing.delete(p));
  }

  /** Adopts the circuits every replica has open (once a second, so they converge within about a second). */
  private syncCircuits(): void {
    if (this.sharing.size > 8) return;
    this.track(
      openCircuits(this.deps.sql)
        .then((open) => this.breakers.adoptShared(open))
        .catch((err: unknown) => this.deps.logger.warn('shared endpoint circuits could not be read', { err })),
    );
  }

  start(): void {
    if (!this.circuitSync) {
      this.syncCircuits();
      this.circuitSync = setInterval(() => this.syncCircuits(), CIRCUIT_SYNC_MS);
      this.circuitSync.unref();
    }
    this.loop ??= startWorkLoop({
      name: 'delivery worker',
      pass: () => this.runOnce(),
      intervalMs: this.deps.config.pollIntervalMs,
      logger: this.deps.logger,
    });
  }

  /**
   * The merchant's sandbox clock jumped past the circuits' reset period: its endpoints' circuits
   * would have half-opened meanwhile, so they close here and for every replica.
   */
  async closeCircuitsOf(merchantId: string): Promise<void> {
    this.breakers.close(await closeCircuitsOfMerchant(this.deps.sql, merchantId));
  }

  /** Looks for due deliveries now instead of at the next poll. */
  nudge(): void {
    this.loop?.nudge();
  }

  /** Stops claiming, lets attempts in flight finish (each is bounded by the timeout), then returns. */
  async stop(): Promise<void> {
    clearInterval(this.circuitSync);
    await this.loop?.stop();
    await this.drain();
    await Promise.all(this.sharing);
    this.breakers.shutdown();
    this.agents.destroy();
  }

  /**
   * Keeps up to WEBHOOK_DELIVERY_CONCURRENCY attempts in flight: claims as many due deliveries
   * as there are free places and starts them without waiting for the others (a slow receiver
   * holds one place, not a whole batch). While a quarter of the places or more are taken it
   * waits for one to free up before claiming again, so a claim under load takes many rows, not
   * one per finished attempt. Returns how many it started (or 1 after a place freed up), so the
   * loop comes back at once while work flows.
   *
   * No endpoint has more than WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT of this replica's attempts in
   * flight: the claim leaves an endpoint's due deliveries beyond that where they are (still due,
   * no attempt made) and takes other endpoints' instead; when one of a full endpoint's attempts
   * ends, the loop looks again at once.
   */
  async runOnce(): Promise<number> {
    const free = this.deps.config.concurrency - this.inFlight.size;
    if (free < Math.ceil(this.deps.config.concurrency / 4) && this.inFlight.size > 0) {
      await Promise.race(this.inFlight);
      return 1;
    }
    const now = this.deps.clocks.now();
    const lease = new Date(now.getTime() + this.deps.config.timeoutMs + 30_000);
    const claimed = await claimDueWork(this.deps.sql, now, lease, free, this.deps.clocks.maxOffsetMs(), {
      maxInFlight: this.deps.config.maxInFlightPerEndpoint,
      inFlight: this.rooms.withFullAddresses(this.inFlightByEndpoint, this.deps.config.maxInFlightPerEndpoint),
    });
    for (const c of claimed) {
      this.inFlightByEndpoint.set(c.endpointId, (this.inFlightByEndpoint.get(c.endpointId) ?? 0) + 1);
      const attempt = this.deliver(c).finally(() => {
        this.inFlight.delete(attempt);
        this.endpointAttemptEnded(c.endpointId);
      });
      this.inFlight.add(attempt);
    }
    return claimed.length;
  }

  /** Frees the endpoint's place; if it was full, its due deliveries were left unclaimed: look again now. */
  private endpointAttemptEnded(endpointId: string): void {
    const before = this.inFlightByEndpoint.get(endpointId) ?? 0;
    if (before <= 1) this.inFlightByEndpoint.delete(endpointId);
    else this.inFlightByEndpoint.set(endpointId, before - 1);
    if (before >= this.deps.config.maxInFlightPerEndpoint) this.nudge();
  }

  /** Waits for every attempt in flight (tests; stop does it too). */
  async drain(): Promise<void> {
    await Promise.all(this.inFlight);
  }

  /** One attempt, as a span of the trace that caused the event (so a payment's trace ends at the merchant's answer). */
  private deliver(claimed: ClaimedWork): Promise<void> {
    return inSpan(
      `deliver ${claimed.event.eventType}`,
      {
        attributes: { 'vrp.event.id': claimed.eventId, 'vrp.endpoint.id': claimed.endpointId, 'vrp.attempt': claimed.attemptCount + 1 },
        parent: contextFromTraceparent(claimed.event.traceparent),
      },
      () => this.attempt(claimed),
    );
  }

  private async attempt(claimed: ClaimedWork): Promise<void> {
    const { db } = this.deps;
    try {
      // Ask the circuit first: a delivery it would reject costs no reads, decryption or signing.
      // A manual retry goes through whatever the circuit says: the merchant asked for it now.
      const blocked = claimed.manual ? undefined : this.breakers.blocked(claimed.endpointId);
      if (blocked) return await this.postpone(claimed, blocked);
      if (claimed.endpoint.status !== 'enabled') return await abandon(db, claimed);
      // A place at the destination address, or the delivery goes back, still due and no attempt
      // made: the claims leave it there until the address has room.
      if (await this.overThrottle(claimed)) return;
      const place = await this.rooms.placeFor(claimed.endpointId, claimed.endpoint.url);
      if (place && 'retryInMs' in place) return await putBack(db, claimed, this.merchantNow(claimed));
      try {
        await this.post(claimed);
      } finally {
        place?.release();
      }
    } catch (err) {
      // The lease runs out and the delivery becomes due again: nothing is lost.
      this.deps.logger.warn('delivery could not be processed', { err, event_id: claimed.eventId, endpoint_id: claimed.endpointId });
    }
  }

  /** The attempt itself: signs, POSTs through the endpoint's circuit, records the outcome. */
  private async post(claimed: ClaimedWork): Promise<void> {
    const { db, config, clocks } = this.deps;
    const { endpoint, event } = claimed;
    const attempt = claimed.attemptCount + 1;
    const request = buildWebhookRequest({
      ...event,
      eventId: event.id,
      attempt,
      scheme: endpoint.signatureScheme,
      secrets: liveSecrets(config.secretKeys, endpoint, this.merchantNow(claimed)),
      sandbox: config.env === 'sandbox',
      // The signature's t= is the wall clock's: receivers check it against theirs.
      now: clocks.now(),
    });
    const attemptedAt = this.merchantNow(claimed);
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
            policy: this.policy,
            agents: this.agents,
          });
          span.setAttribute('http.response.status_code', posted.statusCode);
          if (!posted.success) markFailed(span, posted.error);
          return posted;
        },
      );
    const result = claimed.manual ? await post() : await this.breakers.run(endpoint.id, post);
    if ('circuitOpen' in result) return await this.postpone(claimed, result);
    this.options.onAttempt?.(result);
    const gone = result.statusCode === 410;
    const now = this.merchantNow(claimed);
    const windowEnd = new Date(claimed.windowStartedAt.getTime() + RETRY_WINDOW_MS);
    const scheduled = withinWindow(
      result.success || gone ? null : nextAttemptAt(now, attempt, claimed.maxAttempts, config.retrySchedule, this.options.random),
      now,
      windowEnd,
    );
    const next = scheduled && honourRetryAfter(scheduled, now, result.retryAfterMs, windowEnd);
    if (!(await this.recorder.call({ claimed, outcome: { attemptedAt, ...result, nextAttemptAt: next } }))) return;
    if (!result.success)
      this.deps.logger.info('webhook attempt failed', { event_id: event.id, endpoint_id: endpoint.id, attempt, error: result.error });
    // Recording a success ended the endpoint's run of failures, if it had one.
    if (!result.success && result.receiverFault) {
      const disabled = await recordEndpointHealth(db, endpoint.id, {
        at: attemptedAt,
        success: result.success,
        gone,
        disableAfterMs: config.disableAfterMs,
      });
      if (disabled) {
        this.deps.logger.warn('webhook endpoint disabled', { endpoint_id: endpoint.id, reason: disabled });
        const row = await findEndpoint(db, claimed.merchantId, endpoint.id);
        if (row) await recordEndpointEvent(this.deps, row, 'webhook_endpoint.disabled');
      }
    }
  }

  /**
   * The merchant's now for an attempt: its clock as this replica knows it, or as the claim found
   * it if that is later (the clock was advanced and this replica has not heard yet), so an attempt
   * is never dated, or its next one scheduled, before the time that made it due.
   */
  private merchantNow(claimed: ClaimedWork): Date {
    const known = this.deps.clocks.now(claimed.merchantId).getTime();
    return new Date(Math.max(known, this.deps.clocks.now().getTime() + claimed.clockOffsetMs));
  }

  /**
   * The endpoint's throttle (rate_limit.per_second): a delivery that has no slot yet reserves the
   * next; one whose slot is still ahead goes back to wait for it (true), due then, with no attempt
   * counted. A delivery whose slot has come spends it and goes on.
   */
  private async overThrottle(claimed: ClaimedWork): Promise<boolean> {
    const perSecond = claimed.endpoint.rateLimitPerSecond;
    if (!perSecond) return false;
    const { db, clocks } = this.deps;
    const now = clocks.now();
    const slot = claimed.rateSlotAt ?? (await reserveRateSlot(db, claimed.endpointId, perSecond, now));
    if (slot.getTime() > now.getTime()) {
      await waitForRateSlot(db, claimed, slot, new Date(this.merchantNow(claimed).getTime() + slot.getTime() - now.getTime()));
      return true;
    }
    if (claimed.rateSlotAt) await spendRateSlot(db, claimed);
    return false;
  }

  /** Puts a delivery back until the circuit may let it through, or fails it once that is past its retry window. */
  private async postpone(claimed: ClaimedWork, open: CircuitOpen): Promise<void> {
    const { db, config } = this.deps;
    const outcome = await postpone(
      db,
      claimed,
      new Date(this.merchantNow(claimed).getTime() + open.retryInMs),
      retryWindowMs(config.retrySchedule),
    );
    if (outcome === 'failed') {
      this.deps.logger.info('webhook delivery failed: circuit still open at the end of its retry window', {
        event_id: claimed.eventId,
        endpoint_id: claimed.endpointId,
      });
    }
  }
}
