import { ApiError } from '@vrp/errors';

import { SCRYPT_LOG_N } from './password.js';

/**
 * The password hashing of a gateway: the scrypt work factor it hashes at (`logN`), and a bound
 * on how much it does at once: each scrypt takes 128 MiB and most of a
 * core for a fraction of a second, so unbounded it is a way to exhaust memory and CPU with
 * sign-in requests. Work beyond `concurrency` waits for a slot up to `waitMs`, then is refused
 * with 429 rate_limited and Retry-After (as is work arriving while `maxWaiting` already wait).
 */
export class HashingSlots {
  private busy = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly waitMs: number,
    /** scrypt's log2(N) for new hashes (PASSWORD_SCRYPT_LOG_N). */
    readonly logN = SCRYPT_LOG_N,
    private readonly maxWaiting = 100,
  ) {}

  /** Runs `work` in a slot; rejects with rate_limited when none frees up in time. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.busy--;
    }
  }

  private acquire(): Promise<void> {
    if (this.busy < this.concurrency) {
      this.busy++;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.maxWaiting) return Promise.reject(busyError());
    return new Promise((resolve, reject) => {
      // A slot is handed over directly (busy stays as it is) to the first waiter still waiting.
      const granted = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(granted), 1);
        reject(busyError());
      }, this.waitMs);
      this.waiting.push(granted);
    });
  }
}

const busyError = () => new ApiError('rate_limited', 'Too many passwords are being checked right now; retry shortly.', { retryAfter: 1 });
