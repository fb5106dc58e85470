import type { Db } from './client.js';

/** The account a merchant's consents pay into (OB CreditorAccount). */
export interface CreditorAccountRecord {
  scheme: string;
  identification: string;
  name: string;
}

interface MerchantRow {
  id: string;
  name: string;
  payoutCurrency: string;
  createdAt: Date;
  creditorAccountScheme: string | null;
  creditorAccountId: string | null;
  creditorAccountName: string | null;
}

function toRecord(row: MerchantRow): MerchantRecord {
  const { creditorAccountScheme: scheme, creditorAccountId: identification, creditorAccountName: name, ...merchant } = row;
  return { ...merchant, creditorAccount: scheme && identification && name ? { scheme, identification, name } : null };
}

/** A record's creditor account as the merchant row's columns. */
function accountColumns(account: CreditorAccountRecord | null | undefined) {
  return {
    creditorAccountScheme: account?.scheme ?? null,
    creditorAccountId: account?.identification ?? null,
    creditorAccountName: account?.name ?? null,
  };
}

/** A merchant as the gateway knows it. */
export interface MerchantRecord {
  id: string;
  name: string;
  payoutCurrency: string;
  createdAt: Date;
  /** The account consents pay into, when one was set (sandbox defaults to a model account). */
  creditorAccount?: CreditorAccountRecord | null;
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
    const { creditorAccount, ...columns } = merchant;
    const [created] = await this.db.$transaction([
      this.db.merchant.create({ data: { ...columns, ...accountColumns(creditorAccount) } }),
      this.db.apiToken.create({ data: { id: token.id, merchantId: merchant.id, tokenHash: token.hash, environment: token.environment } }),
    ]);
    return toRecord(created);
  }

  async find(id: string): Promise<MerchantRecord | null> {
    const row = await this.db.merchant.findUnique({ where: { id } });
    return row ? toRecord(row) : null;
  }

  async list(): Promise<MerchantRecord[]> {
    return (await this.db.merchant.findMany({ orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] })).map(toRecord);
  }

  /** Changes a merchant's name and/or creditor account (null clears it); null when there is no such merchant. */
  async update(id: string, changes: { name?: string; creditorAccount?: CreditorAccountRecord | null }): Promise<MerchantRecord | null> {
    const data = {
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.creditorAccount !== undefined ? accountColumns(changes.creditorAccount) : {}),
    };
    const updated = await this.db.merchant.updateMany({ where: { id }, data });
    return updated.count === 0 ? null : this.find(id);
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
  async findLiveToken(hash: string): Promise<{ id: string; environment: string; merchant: MerchantRecord } | null> {
    const rows = await this.db.$queryRaw<
      {
        id: string;
        environment: string;
        merchant_id: string;
        name: string;
        payout_currency: string;
        merchant_created_at: Date;
        creditor_account_scheme: string | null;
        creditor_account_id: string | null;
        creditor_account_name: string | null;
      }[]
    >`
      WITH live AS (
        SELECT t.id, t.environment, t.last_used_at, m.id AS merchant_id, m.name, m.payout_currency, m.created_at AS merchant_created_at,
               m.creditor_account_scheme, m.creditor_account_id, m.creditor_account_name
          FROM "gateway"."api_tokens" t JOIN "gateway"."merchants" m ON m.id = t.merchant_id
         WHERE t.token_hash = ${hash} AND t.revoked_at IS NULL),
      used AS (
        UPDATE "gateway"."api_tokens" t SET last_used_at = now() FROM live
         WHERE t.id = live.id AND (live.last_used_at IS NULL OR live.last_used_at < now() - interval '1 minute'))
      SELECT id, environment, merchant_id, name, payout_currency, merchant_created_at, creditor_account_scheme, creditor_account_id,
             creditor_account_name FROM live`;
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id,
      environment: row.environment,
      merchant: toRecord({
        id: row.merchant_id,
        name: row.name,
        payoutCurrency: row.payout_currency,
        createdAt: row.merchant_created_at,
        creditorAccountScheme: row.creditor_account_scheme,
        creditorAccountId: row.creditor_account_id,
        creditorAccountName: row.creditor_account_name,
      }),
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
