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
  private readonly breakers = new Map<string, { breaker: CircuitBreaker<[() => Promise<PostResult>], PostResult>; openedAt: number }>();

  constructor(private readonly options: BreakerOptions) {}

  /** Runs `post` through the endpoint's breaker. */
  async run(endpointId: string, post: () => Promise<PostResult>): Promise<PostResult | CircuitOpen> {
    const entry = this.entry(endpointId);
    try {
      return await entry.breaker.fire(post);
    } catch (err) {
      if (err instanceof ReceiverFailure) return err.result;
      // Opossum rejected without calling: open, or half-open with the trial already running.
      // Come back when the circuit half-opens, spread a little so one delivery is the trial.
      const untilHalfOpen = Math.max(entry.openedAt + this.options.resetTimeoutMs - Date.now(), 0);
      return { circuitOpen: true, retryInMs: untilHalfOpen + 10 + Math.round(Math.random() * this.options.resetTimeoutMs * 0.1) };
    }
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
        { timeout: false, resetTimeout: this.options.resetTimeoutMs, volumeThreshold: this.options.volumeThreshold, errorThresholdPercentage: 50 },
      );
      const created = { breaker, openedAt: 0 };
      breaker.on('open', () => (created.openedAt = Date.now()));
      this.breakers.set(endpointId, created);
      entry = created;
    }
    return entry;
  }
}
