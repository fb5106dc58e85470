import { randomUUID } from 'node:crypto';
import type { Db } from './client.js';

/** A stored idempotency record as seen by a request that did not win the key. */
export interface IdempotencyRecord {
  requestHash: string;
  responseStatus: number | null;
  responseBody: string | null;
}

/** The right to run a request for a key; only the owner may complete or release it. */
export interface IdempotencyClaim {
  merchantId: string;
  key: string;
  owner: string;
}

/**
 * Idempotency records in Postgres. The primary key (merchant_id, key) decides which of
 * concurrent requests runs: INSERT … ON CONFLICT is atomic across every gateway instance.
 */
export class IdempotencyStore {
  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
    private readonly lockTimeoutMs: number,
  ) {}

  /**
   * Claims the key for this request, or returns null when another request holds or completed it.
   * An expired record, or an in-flight record of the same request whose lock ran out (its
   * gateway died), is taken over in the same statement.
   */
  async claim(merchantId: string, key: string, method: string, path: string, requestHash: string): Promise<IdempotencyClaim | null> {
    const owner = randomUUID();
    const claimed = await this.db.$executeRaw`
      INSERT INTO "gateway"."idempotency_keys" (merchant_id, key, method, path, request_hash, lock_owner, locked_until, expires_at)
      VALUES (${merchantId}, ${key}, ${method}, ${path}, ${requestHash}, ${owner},
              now() + make_interval(secs => ${this.lockTimeoutMs / 1000}), now() + make_interval(secs => ${this.ttlMs / 1000}))
      ON CONFLICT (merchant_id, key) DO UPDATE SET
        method = EXCLUDED.method, path = EXCLUDED.path, request_hash = EXCLUDED.request_hash,
        response_status = NULL, response_body = NULL, lock_owner = EXCLUDED.lock_owner,
        locked_until = EXCLUDED.locked_until, created_at = now(), expires_at = EXCLUDED.expires_at
      WHERE "idempotency_keys".expires_at < now()
         OR ("idempotency_keys".response_status IS NULL AND "idempotency_keys".locked_until < now()
             AND "idempotency_keys".request_hash = EXCLUDED.request_hash)`;
    return claimed === 1 ? { merchantId, key, owner } : null;
  }

  /** The live record of a key, if any. */
  async find(merchantId: string, key: string): Promise<IdempotencyRecord | null> {
    return this.db.idempotencyKey.findFirst({
      where: { merchantId, key, expiresAt: { gt: new Date() } },
      select: { requestHash: true, responseStatus: true, responseBody: true },
    });
  }

  /** Stores the response of the claimed request so duplicates replay it. */
  async complete(claim: IdempotencyClaim, status: number, body: string): Promise<void> {
    await this.db.idempotencyKey.updateMany({
      where: { merchantId: claim.merchantId, key: claim.key, lockOwner: claim.owner },
      data: { responseStatus: status, responseBody: body, lockOwner: null, lockedUntil: null },
    });
  }

  /** Forgets the claim (a 5xx outcome): the client may retry with the same key. */
  async release(claim: IdempotencyClaim): Promise<void> {
    await this.db.idempotencyKey.deleteMany({ where: { merchantId: claim.merchantId, key: claim.key, lockOwner: claim.owner } });
  }

  /** Deletes expired records; run periodically so the table stays small. */
  async purgeExpired(): Promise<number> {
    const { count } = await this.db.idempotencyKey.deleteMany({ where: { expiresAt: { lt: new Date() } } });
    return count;
  }
}
