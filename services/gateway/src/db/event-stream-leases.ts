import { randomUUID } from 'node:crypto';
import { transaction, type SqlPool } from '@vrp/sql';
import {
  countLeases,
  deleteExpiredLeases,
  deleteExpiredLeasesOf,
  deleteLease,
  insertLease,
  lockMerchantLeases,
  renewLease,
} from '../generated/sql/event-stream-leases.queries.js';

/**
 * The open event streams of every merchant, shared by every gateway replica: a stream holds a
 * lease row while it is open, renews it well within `ttlMs` and deletes it when it ends. A
 * gateway that died leaves its leases to expire, so a merchant's count heals by itself.
 */
export class EventStreamLeases {
  constructor(
    private readonly pool: SqlPool,
    private readonly ttlMs: number,
  ) {}

  /**
   * A lease for one more stream of the merchant, or null when it already holds `max` live ones.
   * Serialised per merchant (advisory lock), so concurrent opens cannot pass the cap together.
   */
  async claim(merchantId: string, max: number): Promise<string | null> {
    const id = randomUUID();
    return transaction(this.pool, async (tx) => {
      await lockMerchantLeases.run({ merchantId }, tx);
      await deleteExpiredLeasesOf.run({ merchantId }, tx);
      const [row] = await countLeases.run({ merchantId }, tx);
      if (row!.n >= max) return null;
      await insertLease.run({ id, merchantId, ttlSeconds: this.ttlMs / 1000 }, tx);
      return id;
    });
  }

  /** Keeps a lease alive for another `ttlMs`. */
  async renew(id: string): Promise<void> {
    await renewLease.run({ id, ttlSeconds: this.ttlMs / 1000 }, this.pool);
  }

  private readonly releasing = new Set<Promise<unknown>>();

  async release(id: string): Promise<void> {
    const done = deleteLease.run({ id }, this.pool);
    this.releasing.add(done);
    try {
      await done;
    } finally {
      this.releasing.delete(done);
    }
  }

  /** Resolves once every release under way has finished (before the database is closed at stop). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.releasing]);
  }

  /** Forgets every expired lease (run with the hourly purge). */
  async purgeExpired(): Promise<void> {
    await deleteExpiredLeases.run({ now: new Date() }, this.pool);
  }
}
