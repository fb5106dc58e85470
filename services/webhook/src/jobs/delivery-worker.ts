import { Batcher } from '@vrp/grpc';
import { startWorkLoop, type WorkLoop } from '@vrp/runtime';
import { keepAliveAgents, type KeepAliveAgents, type PostResult } from '../clients/receiver/http-post.js';
import { Destinations } from '../clients/receiver/destinations.js';
import { closeCircuitsOfMerchant, openCircuits, publishCircuitClosed, publishCircuitOpen } from '../db/endpoint-circuits.js';
import { claimDueWork, recordAttempts } from '../db/delivery-sql.js';
import type { Deps } from '../deps.js';
import { deliverEvent, type DeliverEventDeps } from '../usecases/deliver-event.js';
import { AddressRooms } from '../usecases/delivery/address-rooms.js';
import { EndpointBreakers } from '../usecases/delivery/endpoint-breakers.js';

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
 * Sends due deliveries: claims a batch from the database and starts each attempt (deliverEvent:
 * signed, POSTed through its endpoint's circuit breaker, its outcome recorded), keeping up to
 * WEBHOOK_DELIVERY_CONCURRENCY in flight. Several replicas can run side by side.
 */
export class DeliveryWorker {
  private loop?: WorkLoop;
  private readonly breakers: EndpointBreakers;

  /** Endpoints whose circuit is open or half-open now. */
  openCircuits(): number {
    return this.breakers.openCount();
  }
  private readonly agents: KeepAliveAgents;
  /** Attempts under way; each settles (it never rejects: deliverEvent catches everything). */
  private readonly inFlight = new Set<Promise<void>>();
  /** The same attempts counted by endpoint (endpoints with none are left out). */
  private readonly inFlightByEndpoint = new Map<string, number>();
  /** Where each endpoint's host resolves to (cached, its connections use it too) and the room at each address. */
  private readonly rooms: AddressRooms;
  /** What the attempts work with: the service's deps and what this worker's attempts share. */
  private readonly attempts: DeliverEventDeps;

  constructor(
    private readonly deps: Pick<Deps, 'sql' | 'config' | 'clocks' | 'logger' | 'undeliverable' | 'afterCommit'>,
    options: DeliveryWorkerOptions = {},
  ) {
    const policy = { allowLoopback: deps.config.allowInsecureLoopback, allowedHosts: deps.config.allowedPrivateHosts };
    const destinations = new Destinations(policy);
    this.rooms = new AddressRooms(
      destinations,
      { maxInFlight: deps.config.maxInFlightPerAddress, perSecond: deps.config.maxPerSecondPerAddress },
      () => this.nudge(),
    );
    this.agents = keepAliveAgents(policy, options.extraCa, destinations.lookup());
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
    this.attempts = {
      ...deps,
      channel: {
        breakers: this.breakers,
        rooms: this.rooms,
        agents: this.agents,
        policy,
        // Attempts that finish while others are being recorded are recorded together, in one
        // statement (alone and at once when the worker is quiet): one connection and one commit
        // for many attempts, where each had taken a connection of the pool.
        recorder: new Batcher((attempts) => recordAttempts(deps.sql, attempts), { maxBatch: 64, maxInFlight: 2 }),
        random: options.random,
        onAttempt: options.onAttempt,
      },
    };
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
      const attempt = deliverEvent(this.attempts, c).finally(() => {
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
}
