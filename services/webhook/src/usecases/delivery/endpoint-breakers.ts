import CircuitBreaker from 'opossum';
import type { PostResult } from '../../clients/receiver/http-post.js';

/** Thrown inside the breaker so that a receiver's failure counts against its circuit. */
class ReceiverFailure extends Error {
  constructor(readonly result: PostResult) {
    super(result.error);
  }
}

/** Returned instead of a result when the endpoint's circuit is open: try again in `retryInMs`. */
export interface CircuitOpen {
  circuitOpen: true;
  retryInMs: number;
}

export interface BreakerOptions {
  resetTimeoutMs: number;
  volumeThreshold: number;
  /** Told when this replica opens or closes an endpoint's circuit, so the other replicas can learn of it. */
  onStateChange?: (endpointId: string, state: 'open' | 'closed') => void;
  now?: () => number;
}

/**
 * One opossum circuit breaker per endpoint. While an endpoint keeps failing its circuit opens
 * and deliveries to it are postponed (not attempted, not counted, not lost) until the
 * half-open trial: one delivery goes through, and its outcome closes or reopens the circuit.
 *
 * Circuits other replicas opened are adopted too (`adoptShared`): while one is open here, the
 * endpoint's deliveries are postponed as if this replica had opened it itself.
 */
export class EndpointBreakers {
  private readonly breakers = new Map<string, { breaker: CircuitBreaker<[() => Promise<PostResult>], PostResult> }>();

  /** Circuits opened by other replicas: endpoint id -> until when (ms on this clock). */
  private shared = new Map<string, number>();
  private readonly now: () => number;

  constructor(private readonly options: BreakerOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Replaces the circuits other replicas have open: endpoint id -> how long each stays open (ms). */
  adoptShared(open: Map<string, number>): void {
    const now = this.now();
    this.shared = new Map([...open].map(([id, ms]) => [id, now + ms]));
  }

  /** Closes the endpoints' circuits here, whoever opened them (a sandbox clock jumped past their reset period). */
  close(endpointIds: string[]): void {
    for (const id of endpointIds) {
      this.shared.delete(id);
      const b = this.breakers.get(id)?.breaker;
      if (b && !b.closed) b.close();
    }
  }

  /** How many endpoints' circuits are open or half-open now, here or on another replica. */
  openCount(): number {
    const now = this.now();
    const open = new Set<string>();
    for (const [id, { breaker }] of this.breakers) if (breaker.opened || breaker.halfOpen) open.add(id);
    for (const [id, until] of this.shared) if (until > now) open.add(id);
    return open.size;
  }

  /** Runs `post` through the endpoint's breaker. */
  async run(endpointId: string, post: () => Promise<PostResult>): Promise<PostResult | CircuitOpen> {
    const entry = this.entry(endpointId);
    try {
      return await entry.breaker.fire(post);
    } catch (err) {
      if (err instanceof ReceiverFailure) return err.result;
      // Opossum rejected without calling: open, or half-open with the trial already running.
      return { circuitOpen: true, retryInMs: this.retryInMs() };
    }
  }

  /**
   * Null when a call for the endpoint would be let through now (circuit closed, or half-open
   * with no trial running yet); otherwise a circuit-open answer, so the caller can postpone
   * before doing any work for a call that would be rejected.
   */
  blocked(endpointId: string): CircuitOpen | null {
    const b = this.breakers.get(endpointId)?.breaker;
    if (b && !b.closed && !b.pendingClose) return { circuitOpen: true, retryInMs: this.retryInMs() };
    const sharedFor = (this.shared.get(endpointId) ?? 0) - this.now();
    if (sharedFor > 0)
      return { circuitOpen: true, retryInMs: sharedFor + 10 + Math.round(Math.random() * this.options.resetTimeoutMs * 0.1) };
    return null;
  }

  /**
   * At least the full reset period (plus up to 10% spread): while open the circuit half-opens
   * within it, and while a trial is running its outcome is known long before, so rejected
   * deliveries are not re-claimed in a tight loop.
   */
  private retryInMs(): number {
    return this.options.resetTimeoutMs + 10 + Math.round(Math.random() * this.options.resetTimeoutMs * 0.1);
  }

  /** Current state, for logs and tests. */
  state(endpointId: string): 'closed' | 'open' | 'half_open' {
    const b = this.breakers.get(endpointId)?.breaker;
    if ((!b || b.closed) && (this.shared.get(endpointId) ?? 0) > this.now()) return 'open';
    if (!b || b.closed) return 'closed';
    return b.halfOpen ? 'half_open' : 'open';
  }

  shutdown(): void {
    for (const { breaker } of this.breakers.values()) breaker.shutdown();
    this.breakers.clear();
  }

  private entry(endpointId: string) {
    let entry = this.breakers.get(endpointId);
    if (!entry) {
      const breaker = new CircuitBreaker(
        async (post: () => Promise<PostResult>) => {
          const result = await post();
          if (!result.success && result.receiverFault) throw new ReceiverFailure(result);
          return result;
        },
        {
          timeout: false,
          resetTimeout: this.options.resetTimeoutMs,
          volumeThreshold: this.options.volumeThreshold,
          errorThresholdPercentage: 50,
        },
      );
      breaker.on('open', () => this.options.onStateChange?.(endpointId, 'open'));
      breaker.on('close', () => {
        // A successful trial here closes the circuit here at once, whatever the last sync said.
        this.shared.delete(endpointId);
        this.options.onStateChange?.(endpointId, 'closed');
      });
      entry = { breaker };
      this.breakers.set(endpointId, entry);
    }
    return entry;
  }
}
