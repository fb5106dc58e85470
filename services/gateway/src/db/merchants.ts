import type { Db } from './client.js';

/** A merchant as the gateway knows it. */
export interface MerchantRecord {
  id: string;
  name: string;
  payoutCurrency: string;
  createdAt: Date;
}

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

  async addToken(token: { id: string; merchantId: string; hash: string; environment: string }): Promise<void> {
    await this.db.apiToken.create({
      data: { id: token.id, merchantId: token.merchantId, tokenHash: token.hash, environment: token.environment },
    });
  }

  /** The live (not revoked) token with this hash, with its merchant. */
  async findLiveToken(hash: string): Promise<{ environment: string; merchant: MerchantRecord } | null> {
    return this.db.apiToken.findFirst({ where: { tokenHash: hash, revokedAt: null }, select: { environment: true, merchant: true } });
  }

  /** Revokes a token by id or hash; returns its id and merchant when a live token was revoked now. */
  async revokeToken(where: { id: string } | { hash: string }): Promise<{ id: string; merchantId: string } | null> {
    const filter = 'id' in where ? { id: where.id } : { tokenHash: where.hash };
    const token = await this.db.apiToken.findFirst({ where: filter, select: { id: true, merchantId: true } });
    if (!token) return null;
    // Conditional update: revoking twice is harmless and keeps the first revocation time.
    const { count } = await this.db.apiToken.updateMany({ where: { id: token.id, revokedAt: null }, data: { revokedAt: new Date() } });
    return count === 1 ? token : null;
  }
}
