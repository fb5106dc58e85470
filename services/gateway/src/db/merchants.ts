import type { Db } from './client.js';

/** A merchant as the gateway knows it. */
export interface MerchantRecord {
  id: string;
  name: string;
  payoutCurrency: string;
  createdAt: Date;
  /** The account consents pay into, when one was set (sandbox defaults to a model account). */
  creditorAccount?: { scheme: string; identification: string; name: string } | null;
}

/** An API token as the console lists it (never its hash). */
export interface ApiTokenRecord {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

const TOKEN = { id: true, name: true, createdAt: true, lastUsedAt: true, revokedAt: true } as const;

/** Merchants and their API tokens (only token hashes are stored). */
export class MerchantRepository {
  constructor(private readonly db: Db) {}

  /** Inserts a merchant and its first token in one transaction. */
  async createWithToken(
    merchant: Omit<MerchantRecord, 'createdAt'>,
    token: { id: string; hash: string; environment: string },
  ): Promise<MerchantRecord> {
    const [created] = await this.db.$transaction([
      this.db.merchant.create({ data: merchant }),
      this.db.apiToken.create({ data: { id: token.id, merchantId: merchant.id, tokenHash: token.hash, environment: token.environment } }),
    ]);
    return created;
  }

  async find(id: string): Promise<MerchantRecord | null> {
    return this.db.merchant.findUnique({ where: { id } });
  }

  async list(): Promise<MerchantRecord[]> {
    return this.db.merchant.findMany({ orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  }

  /**
   * Adds a token unless the merchant already has `maxLive` live (unrevoked) ones: null then. The
   * merchant's row is locked for the count and the insert, so concurrent creates cannot pass the cap together.
   */
  async addToken(
    token: { id: string; merchantId: string; hash: string; environment: string; name?: string },
    maxLive: number,
  ): Promise<ApiTokenRecord | null> {
    return this.db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM "gateway"."merchants" WHERE id = ${token.merchantId} FOR UPDATE`;
      if ((await tx.apiToken.count({ where: { merchantId: token.merchantId, revokedAt: null } })) >= maxLive) return null;
      return tx.apiToken.create({
        data: { id: token.id, merchantId: token.merchantId, tokenHash: token.hash, environment: token.environment, name: token.name ?? '' },
        select: TOKEN,
      });
    });
  }

  /** Every token of the merchant, revoked ones included, newest first. */
  listTokens(merchantId: string): Promise<ApiTokenRecord[]> {
    return this.db.apiToken.findMany({ where: { merchantId }, select: TOKEN, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  }

  findToken(merchantId: string, id: string): Promise<ApiTokenRecord | null> {
    return this.db.apiToken.findFirst({ where: { merchantId, id }, select: TOKEN });
  }

  /**
   * The live (not revoked) token with this hash, with its merchant. The same statement notes
   * that the token was used (last_used_at), at most once a minute so it rarely writes.
   */
  async findLiveToken(hash: string): Promise<{ environment: string; merchant: MerchantRecord } | null> {
    const rows = await this.db.$queryRaw<
      { environment: string; merchant_id: string; name: string; payout_currency: string; merchant_created_at: Date }[]
    >`
      WITH live AS (
        SELECT t.id, t.environment, t.last_used_at, m.id AS merchant_id, m.name, m.payout_currency, m.created_at AS merchant_created_at
          FROM "gateway"."api_tokens" t JOIN "gateway"."merchants" m ON m.id = t.merchant_id
         WHERE t.token_hash = ${hash} AND t.revoked_at IS NULL),
      used AS (
        UPDATE "gateway"."api_tokens" t SET last_used_at = now() FROM live
         WHERE t.id = live.id AND (live.last_used_at IS NULL OR live.last_used_at < now() - interval '1 minute'))
      SELECT environment, merchant_id, name, payout_currency, merchant_created_at FROM live`;
    const row = rows[0];
    if (!row) return null;
    return {
      environment: row.environment,
      merchant: { id: row.merchant_id, name: row.name, payoutCurrency: row.payout_currency, createdAt: row.merchant_created_at },
    };
  }

  /**
   * Revokes a token by id or hash (within one merchant's tokens when `merchantId` is given);
   * returns its id and merchant when a live token was revoked now.
   */
  async revokeToken(
    where: ({ id: string } | { hash: string }) & { merchantId?: string },
  ): Promise<{ id: string; merchantId: string } | null> {
    const filter = {
      ...('id' in where ? { id: where.id } : { tokenHash: where.hash }),
      ...(where.merchantId ? { merchantId: where.merchantId } : {}),
    };
    const token = await this.db.apiToken.findFirst({ where: filter, select: { id: true, merchantId: true } });
    if (!token) return null;
    // Conditional update: revoking twice is harmless and keeps the first revocation time.
    const { count } = await this.db.apiToken.updateMany({ where: { id: token.id, revokedAt: null }, data: { revokedAt: new Date() } });
    return count === 1 ? token : null;
  }
}
