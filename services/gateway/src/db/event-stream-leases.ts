import { randomUUID } from 'node:crypto';
import type { Db } from './client.js';

/**
 * The open event streams of every merchant, shared by every gateway replica: a stream holds a
 * lease row while it is open, renews it well within `ttlMs` and deletes it when it ends. A
 * gateway that died leaves its leases to expire, so a merchant's count heals by itself.
 */
export class EventStreamLeases {
  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
  ) {}

  /**
   * A lease for one more stream of the merchant, or null when it already holds `max` live ones.
   * Serialised per merchant (advisory lock), so concurrent opens cannot pass the cap together.
   */
  async claim(merchantId: string, max: number): Promise<string | null> {
    const id = randomUUID();
    return this.db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext('event-stream-leases'), hashtext(${merchantId}))::text`;
      await tx.$executeRaw`DELETE FROM "gateway"."event_stream_leases" WHERE merchant_id = ${merchantId} AND expires_at <= now()`;
      const [row] = await tx.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM "gateway"."event_stream_leases" WHERE merchant_id = ${merchantId}`;
      if (row!.n >= max) return null;
      await tx.$executeRaw`
        INSERT INTO "gateway"."event_stream_leases" (id, merchant_id, expires_at)
        VALUES (${id}, ${merchantId}, now() + make_interval(secs => ${this.ttlMs / 1000}))`;
      return id;
    });
  }

  /** Keeps a lease alive for another `ttlMs`. */
  async renew(id: string): Promise<void> {
    await this.db.$executeRaw`
      UPDATE "gateway"."event_stream_leases" SET expires_at = now() + make_interval(secs => ${this.ttlMs / 1000}) WHERE id = ${id}`;
  }

  private readonly releasing = new Set<Promise<unknown>>();

  async release(id: string): Promise<void> {
    const done = this.db.eventStreamLease.deleteMany({ where: { id } });
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
    await this.db.eventStreamLease.deleteMany({ where: { expiresAt: { lte: new Date() } } });
  }
}
