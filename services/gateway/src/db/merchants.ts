import { transaction, type SqlPool } from '@vrp/sql';
import {
  countLiveTokens,
  insertApiToken,
  insertMerchant,
  lockMerchant,
  revokeToken,
  selectLiveToken,
  selectMerchant,
  selectMerchants,
  selectToken,
  selectTokenOwner,
  selectTokens,
  updateMerchant,
  type ISelectMerchantResult,
  type ISelectTokenResult,
} from '../generated/sql/merchants.queries.js';

/** The account a merchant's consents pay into (OB CreditorAccount). */
export interface CreditorAccountRecord {
  scheme: string;
  identification: string;
  name: string;
}

type MerchantRow = ISelectMerchantResult;

/** A merchant as the gateway knows it. */
export type MerchantRecord = Omit<MerchantRow, 'creditorAccountScheme' | 'creditorAccountId' | 'creditorAccountName'> & {
  /** The account consents pay into, when one was set (sandbox defaults to a model account). */
  creditorAccount?: CreditorAccountRecord | null;
};

/** An API token as the console lists it (never its hash). */
export type ApiTokenRecord = ISelectTokenResult;

/** A merchant row as a record: its three creditor account columns are one account, or none. */
export function merchantOf(row: MerchantRow): MerchantRecord {
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

/** Merchants and their API tokens (only token hashes are stored). */
export class MerchantRepository {
  constructor(private readonly pool: SqlPool) {}

  /** Inserts a merchant and its first token in one transaction. */
  async createWithToken(
    merchant: Omit<MerchantRecord, 'createdAt'>,
    token: { id: string; hash: string; environment: string },
  ): Promise<MerchantRecord> {
    const { creditorAccount, ...columns } = merchant;
    return transaction(this.pool, async (tx) => {
      const [created] = await insertMerchant.run({ ...columns, ...accountColumns(creditorAccount) }, tx);
      await insertApiToken.run(
        { id: token.id, merchantId: merchant.id, tokenHash: token.hash, environment: token.environment, name: '' },
        tx,
      );
      return merchantOf(created!);
    });
  }

  async find(id: string): Promise<MerchantRecord | null> {
    const [row] = await selectMerchant.run({ id }, this.pool);
    return row ? merchantOf(row) : null;
  }

  async list(): Promise<MerchantRecord[]> {
    return (await selectMerchants.run(undefined, this.pool)).map(merchantOf);
  }

  /** Changes a merchant's name and/or creditor account (null clears it); null when there is no such merchant. */
  async update(id: string, changes: { name?: string; creditorAccount?: CreditorAccountRecord | null }): Promise<MerchantRecord | null> {
    const [row] = await updateMerchant.run(
      { id, name: changes.name ?? null, setAccount: changes.creditorAccount !== undefined, ...accountColumns(changes.creditorAccount) },
      this.pool,
    );
    return row ? merchantOf(row) : null;
  }

  /**
   * Adds a token unless the merchant already has `maxLive` live (unrevoked) ones: null then. The
   * merchant's row is locked for the count and the insert, so concurrent creates cannot pass the cap together.
   */
  async addToken(
    token: { id: string; merchantId: string; hash: string; environment: string; name?: string },
    maxLive: number,
  ): Promise<ApiTokenRecord | null> {
    return transaction(this.pool, async (tx) => {
      await lockMerchant.run({ id: token.merchantId }, tx);
      const [live] = await countLiveTokens.run({ merchantId: token.merchantId }, tx);
      if (live!.n >= maxLive) return null;
      const [created] = await insertApiToken.run(
        { id: token.id, merchantId: token.merchantId, tokenHash: token.hash, environment: token.environment, name: token.name ?? '' },
        tx,
      );
      return created!;
    });
  }

  /** Every token of the merchant, revoked ones included, newest first. */
  listTokens(merchantId: string): Promise<ApiTokenRecord[]> {
    return selectTokens.run({ merchantId }, this.pool);
  }

  async findToken(merchantId: string, id: string): Promise<ApiTokenRecord | null> {
    const [row] = await selectToken.run({ merchantId, id }, this.pool);
    return row ?? null;
  }

  /**
   * The live (not revoked) token with this hash, with its merchant. The same statement notes
   * that the token was used (last_used_at), at most once a minute so it rarely writes.
   */
  async findLiveToken(hash: string): Promise<{ id: string; environment: string; merchant: MerchantRecord } | null> {
    const [row] = await selectLiveToken.run({ tokenHash: hash }, this.pool);
    if (!row) return null;
    const { id, environment, merchantId, ...merchant } = row;
    return { id, environment, merchant: merchantOf({ ...merchant, id: merchantId }) };
  }

  /**
   * Revokes a token by id or hash (within one merchant's tokens when `merchantId` is given);
   * returns its id and merchant when a live token was revoked now.
   */
  async revokeToken(
    where: ({ id: string } | { hash: string }) & { merchantId?: string },
  ): Promise<{ id: string; merchantId: string } | null> {
    const [token] = await selectTokenOwner.run(
      { ...('id' in where ? { id: where.id } : { tokenHash: where.hash }), merchantId: where.merchantId || null },
      this.pool,
    );
    if (!token) return null;
    // Conditional update: revoking twice is harmless and keeps the first revocation time.
    const { rowCount } = await revokeToken.runWithCounts({ id: token.id, now: new Date() }, this.pool);
    return rowCount === 1 ? token : null;
  }
}
