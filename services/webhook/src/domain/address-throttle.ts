/** How much one destination address may take from a replica. */
export interface AddressLimits {
  /** Attempts in flight to the address at once (WEBHOOK_MAX_IN_FLIGHT_PER_ADDRESS). */
  maxInFlight: number;
  /** Attempts started per second, with a burst of as many (WEBHOOK_MAX_PER_SECOND_PER_ADDRESS). */
  perSecond: number;
}

interface AddressState {
  inFlight: number;
  /** Tokens of the address's bucket when last counted, and when (ms, monotonic). */
  tokens: number;
  at: number;
}

/** A place taken at an address: give it back when the attempt ends. */
export interface AddressPlace {
  release(): void;
}

/**
 * Throttles attempts per resolved destination address, whoever's endpoints point there: at most
 * `maxInFlight` at once and `perSecond` started per second (a token bucket holding a second's
 * worth). Many endpoints of many merchants aimed at one address then reach it no faster than one
 * well-behaved client would, so the platform cannot be turned into a flood. Per replica: n
 * replicas may send n times as much.
 */
export class AddressThrottle {
  private readonly addresses = new Map<string, AddressState>();

  constructor(
    private readonly limits: AddressLimits,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** A place for one attempt to `address`, or how long until one may be free. */
  tryAcquire(address: string): AddressPlace | { retryInMs: number } {
    const state = this.refilled(address);
    if (state.inFlight >= this.limits.maxInFlight) return { retryInMs: 100 };
    if (state.tokens < 1) return { retryInMs: Math.ceil(((1 - state.tokens) / this.limits.perSecond) * 1000) };
    state.tokens -= 1;
    state.inFlight += 1;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        state.inFlight -= 1;
        this.forgetIfIdle(address, state);
      },
    };
  }

  /** True while an attempt to `address` would be refused now. */
  isFull(address: string): boolean {
    const state = this.addresses.get(address);
    if (!state) return false;
    const refilled = this.refilled(address);
    return refilled.inFlight >= this.limits.maxInFlight || refilled.tokens < 1;
  }

  /** The addresses an attempt would be refused at now (only addresses seen lately can be). */
  fullAddresses(): string[] {
    return [...this.addresses.keys()].filter((address) => this.isFull(address));
  }

  /** Addresses with attempts in flight or a bucket not yet full again (for tests and metrics). */
  get tracked(): number {
    return this.addresses.size;
  }

  private refilled(address: string): AddressState {
    const now = this.now();
    let state = this.addresses.get(address);
    if (!state) {
      state = { inFlight: 0, tokens: this.limits.perSecond, at: now };
      this.addresses.set(address, state);
      return state;
    }
    state.tokens = Math.min(this.limits.perSecond, state.tokens + ((now - state.at) / 1000) * this.limits.perSecond);
    state.at = now;
    return state;
  }

  /** An address with nothing in flight and a full bucket is as if never seen: forget it (memory stays bounded). */
  private forgetIfIdle(address: string, state: AddressState): void {
    if (state.inFlight === 0 && state.tokens + ((this.now() - state.at) / 1000) * this.limits.perSecond >= this.limits.perSecond) {
      this.addresses.delete(address);
    }
  }
}
