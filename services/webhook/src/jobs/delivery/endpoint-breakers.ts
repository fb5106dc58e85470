import CircuitBreaker from 'opossum';
import type { PostResult } from './http-post.js';

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
}

/**
 * One opossum circuit breaker per endpoint. While an endpoint keeps failing its circuit opens
 * and deliveries to it are postponed (not attempted, not counted, not lost) until the
 * half-open trial: one delivery goes through, and its outcome closes or reopens the circuit.
 */
export class EndpointBreakers {
  private readonly breakers = new Map<string, { breaker: CircuitBreaker<[() => Promise<PostResult>], PostResult> }>();

  constructor(private readonly options: BreakerOptions) {}

  /** How many endpoints' circuits are open or half-open now. */
  openCount(): number {
    let open = 0;
    for (const { breaker } of this.breakers.values()) if (breaker.opened || breaker.halfOpen) open += 1;
    return open;
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
    if (!b || b.closed || b.pendingClose) return null;
    return { circuitOpen: true, retryInMs: this.retryInMs() };
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
      entry = { breaker };
      this.breakers.set(endpointId, entry);
    }
    return entry;
  }
}
