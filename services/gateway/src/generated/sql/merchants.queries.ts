/** Types generated for queries found in "src/db/sql/merchants.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

/** 'InsertMerchant' parameters type */
export interface IInsertMerchantParams {
  creditorAccountId?: string | null | void;
  creditorAccountName?: string | null | void;
  creditorAccountScheme?: string | null | void;
  id: string;
  name: string;
  payoutCurrency: string;
}

/** 'InsertMerchant' return type */
export interface IInsertMerchantResult {
  createdAt: Date;
  creditorAccountId: string | null;
  creditorAccountName: string | null;
  creditorAccountScheme: string | null;
  id: string;
  name: string;
  payoutCurrency: string;
}

/** 'InsertMerchant' query type */
export interface IInsertMerchantQuery {
  params: IInsertMerchantParams;
  result: IInsertMerchantResult;
}

const insertMerchantIR: any = {"usedParamSet":{"id":true,"name":true,"payoutCurrency":true,"creditorAccountScheme":true,"creditorAccountId":true,"creditorAccountName":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":135,"b":138}]},{"name":"name","required":true,"transform":{"type":"scalar"},"locs":[{"a":141,"b":146}]},{"name":"payoutCurrency","required":true,"transform":{"type":"scalar"},"locs":[{"a":149,"b":164}]},{"name":"creditorAccountScheme","required":false,"transform":{"type":"scalar"},"locs":[{"a":167,"b":188}]},{"name":"creditorAccountId","required":false,"transform":{"type":"scalar"},"locs":[{"a":191,"b":208}]},{"name":"creditorAccountName","required":false,"transform":{"type":"scalar"},"locs":[{"a":211,"b":230}]}],"statement":"INSERT INTO gateway.merchants (id, name, payout_currency, creditor_account_scheme, creditor_account_id, creditor_account_name)\nVALUES (:id!, :name!, :payoutCurrency!, :creditorAccountScheme, :creditorAccountId, :creditorAccountName)\nRETURNING id, name, payout_currency AS \"payoutCurrency\", created_at AS \"createdAt\", creditor_account_scheme AS \"creditorAccountScheme\",\n          creditor_account_id AS \"creditorAccountId\", creditor_account_name AS \"creditorAccountName\""};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO gateway.merchants (id, name, payout_currency, creditor_account_scheme, creditor_account_id, creditor_account_name)
 * VALUES (:id!, :name!, :payoutCurrency!, :creditorAccountScheme, :creditorAccountId, :creditorAccountName)
 * RETURNING id, name, payout_currency AS "payoutCurrency", created_at AS "createdAt", creditor_account_scheme AS "creditorAccountScheme",
 *           creditor_account_id AS "creditorAccountId", creditor_account_name AS "creditorAccountName"
 * ```
 */
export const insertMerchant = new PreparedQuery<IInsertMerchantParams,IInsertMerchantResult>(insertMerchantIR);


/** 'SelectMerchant' parameters type */
export interface ISelectMerchantParams {
  id: string;
}

/** 'SelectMerchant' return type */
export interface ISelectMerchantResult {
  createdAt: Date;
  creditorAccountId: string | null;
  creditorAccountName: string | null;
  creditorAccountScheme: string | null;
  id: string;
  name: string;
  payoutCurrency: string;
}

/** 'SelectMerchant' query type */
export interface ISelectMerchantQuery {
  params: ISelectMerchantParams;
  result: ISelectMerchantResult;
}

const selectMerchantIR: any = {"usedParamSet":{"id":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":267,"b":270}]}],"statement":"SELECT id, name, payout_currency AS \"payoutCurrency\", created_at AS \"createdAt\", creditor_account_scheme AS \"creditorAccountScheme\",\n       creditor_account_id AS \"creditorAccountId\", creditor_account_name AS \"creditorAccountName\"\n  FROM gateway.merchants WHERE id = :id!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, name, payout_currency AS "payoutCurrency", created_at AS "createdAt", creditor_account_scheme AS "creditorAccountScheme",
 *        creditor_account_id AS "creditorAccountId", creditor_account_name AS "creditorAccountName"
 *   FROM gateway.merchants WHERE id = :id!
 * ```
 */
export const selectMerchant = new PreparedQuery<ISelectMerchantParams,ISelectMerchantResult>(selectMerchantIR);


/** 'SelectMerchants' parameters type */
export type ISelectMerchantsParams = void;

/** 'SelectMerchants' return type */
export interface ISelectMerchantsResult {
  createdAt: Date;
  creditorAccountId: string | null;
  creditorAccountName: string | null;
  creditorAccountScheme: string | null;
  id: string;
  name: string;
  payoutCurrency: string;
}

/** 'SelectMerchants' query type */
export interface ISelectMerchantsQuery {
  params: ISelectMerchantsParams;
  result: ISelectMerchantsResult;
}

const selectMerchantsIR: any = {"usedParamSet":{},"params":[],"statement":"SELECT id, name, payout_currency AS \"payoutCurrency\", created_at AS \"createdAt\", creditor_account_scheme AS \"creditorAccountScheme\",\n       creditor_account_id AS \"creditorAccountId\", creditor_account_name AS \"creditorAccountName\"\n  FROM gateway.merchants ORDER BY created_at, id"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, name, payout_currency AS "payoutCurrency", created_at AS "createdAt", creditor_account_scheme AS "creditorAccountScheme",
 *        creditor_account_id AS "creditorAccountId", creditor_account_name AS "creditorAccountName"
 *   FROM gateway.merchants ORDER BY created_at, id
 * ```
 */
export const selectMerchants = new PreparedQuery<ISelectMerchantsParams,ISelectMerchantsResult>(selectMerchantsIR);


/** 'UpdateMerchant' parameters type */
export interface IUpdateMerchantParams {
  creditorAccountId?: string | null | void;
  creditorAccountName?: string | null | void;
  creditorAccountScheme?: string | null | void;
  id: string;
  name?: string | null | void;
  setAccount: boolean;
}

/** 'UpdateMerchant' return type */
export interface IUpdateMerchantResult {
  createdAt: Date;
  creditorAccountId: string | null;
  creditorAccountName: string | null;
  creditorAccountScheme: string | null;
  id: string;
  name: string;
  payoutCurrency: string;
}

/** 'UpdateMerchant' query type */
export interface IUpdateMerchantQuery {
  params: IUpdateMerchantParams;
  result: IUpdateMerchantResult;
}

const updateMerchantIR: any = {"usedParamSet":{"name":true,"setAccount":true,"creditorAccountScheme":true,"creditorAccountId":true,"creditorAccountName":true,"id":true},"params":[{"name":"name","required":false,"transform":{"type":"scalar"},"locs":[{"a":47,"b":51}]},{"name":"setAccount","required":true,"transform":{"type":"scalar"},"locs":[{"a":99,"b":110},{"a":217,"b":228},{"a":329,"b":340}]},{"name":"creditorAccountScheme","required":false,"transform":{"type":"scalar"},"locs":[{"a":126,"b":147}]},{"name":"creditorAccountId","required":false,"transform":{"type":"scalar"},"locs":[{"a":244,"b":261}]},{"name":"creditorAccountName","required":false,"transform":{"type":"scalar"},"locs":[{"a":356,"b":375}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":419,"b":422}]}],"statement":"UPDATE gateway.merchants SET\n  name = COALESCE(:name, name),\n  creditor_account_scheme = CASE WHEN :setAccount!::boolean THEN :creditorAccountScheme ELSE creditor_account_scheme END,\n  creditor_account_id = CASE WHEN :setAccount!::boolean THEN :creditorAccountId ELSE creditor_account_id END,\n  creditor_account_name = CASE WHEN :setAccount!::boolean THEN :creditorAccountName ELSE creditor_account_name END\nWHERE id = :id!\nRETURNING id, name, payout_currency AS \"payoutCurrency\", created_at AS \"createdAt\", creditor_account_scheme AS \"creditorAccountScheme\",\n          creditor_account_id AS \"creditorAccountId\", creditor_account_name AS \"creditorAccountName\""};

/**
 * Query generated from SQL:
 * ```
 * UPDATE gateway.merchants SET
 *   name = COALESCE(:name, name),
 *   creditor_account_scheme = CASE WHEN :setAccount!::boolean THEN :creditorAccountScheme ELSE creditor_account_scheme END,
 *   creditor_account_id = CASE WHEN :setAccount!::boolean THEN :creditorAccountId ELSE creditor_account_id END,
 *   creditor_account_name = CASE WHEN :setAccount!::boolean THEN :creditorAccountName ELSE creditor_account_name END
 * WHERE id = :id!
 * RETURNING id, name, payout_currency AS "payoutCurrency", created_at AS "createdAt", creditor_account_scheme AS "creditorAccountScheme",
 *           creditor_account_id AS "creditorAccountId", creditor_account_name AS "creditorAccountName"
 * ```
 */
export const updateMerchant = new PreparedQuery<IUpdateMerchantParams,IUpdateMerchantResult>(updateMerchantIR);


/** 'LockMerchant' parameters type */
export interface ILockMerchantParams {
  id: string;
}

/** 'LockMerchant' return type */
export interface ILockMerchantResult {
  id: string;
}

/** 'LockMerchant' query type */
export interface ILockMerchantQuery {
  params: ILockMerchantParams;
  result: ILockMerchantResult;
}

const lockMerchantIR: any = {"usedParamSet":{"id":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":44,"b":47}]}],"statement":"SELECT id FROM gateway.merchants WHERE id = :id! FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id FROM gateway.merchants WHERE id = :id! FOR UPDATE
 * ```
 */
export const lockMerchant = new PreparedQuery<ILockMerchantParams,ILockMerchantResult>(lockMerchantIR);


/** 'InsertApiToken' parameters type */
export interface IInsertApiTokenParams {
  environment: string;
  id: string;
  merchantId: string;
  name: string;
  tokenHash: string;
}

/** 'InsertApiToken' return type */
export interface IInsertApiTokenResult {
  createdAt: Date;
  id: string;
  lastUsedAt: Date | null;
  name: string;
  revokedAt: Date | null;
}

/** 'InsertApiToken' query type */
export interface IInsertApiTokenQuery {
  params: IInsertApiTokenParams;
  result: IInsertApiTokenResult;
}

const insertApiTokenIR: any = {"usedParamSet":{"id":true,"merchantId":true,"tokenHash":true,"environment":true,"name":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":88,"b":91}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":94,"b":105}]},{"name":"tokenHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":108,"b":118}]},{"name":"environment","required":true,"transform":{"type":"scalar"},"locs":[{"a":121,"b":133}]},{"name":"name","required":true,"transform":{"type":"scalar"},"locs":[{"a":136,"b":141}]}],"statement":"INSERT INTO gateway.api_tokens (id, merchant_id, token_hash, environment, name)\nVALUES (:id!, :merchantId!, :tokenHash!, :environment!, :name!)\nRETURNING id, name, created_at AS \"createdAt\", last_used_at AS \"lastUsedAt\", revoked_at AS \"revokedAt\""};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO gateway.api_tokens (id, merchant_id, token_hash, environment, name)
 * VALUES (:id!, :merchantId!, :tokenHash!, :environment!, :name!)
 * RETURNING id, name, created_at AS "createdAt", last_used_at AS "lastUsedAt", revoked_at AS "revokedAt"
 * ```
 */
export const insertApiToken = new PreparedQuery<IInsertApiTokenParams,IInsertApiTokenResult>(insertApiTokenIR);


/** 'CountLiveTokens' parameters type */
export interface ICountLiveTokensParams {
  merchantId: string;
}

/** 'CountLiveTokens' return type */
export interface ICountLiveTokensResult {
  n: number;
}

/** 'CountLiveTokens' query type */
export interface ICountLiveTokensQuery {
  params: ICountLiveTokensParams;
  result: ICountLiveTokensResult;
}

const countLiveTokensIR: any = {"usedParamSet":{"merchantId":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":73,"b":84}]}],"statement":"SELECT count(*)::int AS \"n!\" FROM gateway.api_tokens WHERE merchant_id = :merchantId! AND revoked_at IS NULL"};

/**
 * Query generated from SQL:
 * ```
 * SELECT count(*)::int AS "n!" FROM gateway.api_tokens WHERE merchant_id = :merchantId! AND revoked_at IS NULL
 * ```
 */
export const countLiveTokens = new PreparedQuery<ICountLiveTokensParams,ICountLiveTokensResult>(countLiveTokensIR);


/** 'SelectTokens' parameters type */
export interface ISelectTokensParams {
  merchantId: string;
}

/** 'SelectTokens' return type */
export interface ISelectTokensResult {
  createdAt: Date;
  id: string;
  lastUsedAt: Date | null;
  name: string;
  revokedAt: Date | null;
}

/** 'SelectTokens' query type */
export interface ISelectTokensQuery {
  params: ISelectTokensParams;
  result: ISelectTokensResult;
}

const selectTokensIR: any = {"usedParamSet":{"merchantId":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":146,"b":157}]}],"statement":"SELECT id, name, created_at AS \"createdAt\", last_used_at AS \"lastUsedAt\", revoked_at AS \"revokedAt\"\n  FROM gateway.api_tokens WHERE merchant_id = :merchantId! ORDER BY created_at DESC, id DESC"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, name, created_at AS "createdAt", last_used_at AS "lastUsedAt", revoked_at AS "revokedAt"
 *   FROM gateway.api_tokens WHERE merchant_id = :merchantId! ORDER BY created_at DESC, id DESC
 * ```
 */
export const selectTokens = new PreparedQuery<ISelectTokensParams,ISelectTokensResult>(selectTokensIR);


/** 'SelectToken' parameters type */
export interface ISelectTokenParams {
  id: string;
  merchantId: string;
}

/** 'SelectToken' return type */
export interface ISelectTokenResult {
  createdAt: Date;
  id: string;
  lastUsedAt: Date | null;
  name: string;
  revokedAt: Date | null;
}

/** 'SelectToken' query type */
export interface ISelectTokenQuery {
  params: ISelectTokenParams;
  result: ISelectTokenResult;
}

const selectTokenIR: any = {"usedParamSet":{"merchantId":true,"id":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":146,"b":157}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":168,"b":171}]}],"statement":"SELECT id, name, created_at AS \"createdAt\", last_used_at AS \"lastUsedAt\", revoked_at AS \"revokedAt\"\n  FROM gateway.api_tokens WHERE merchant_id = :merchantId! AND id = :id! LIMIT 1"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, name, created_at AS "createdAt", last_used_at AS "lastUsedAt", revoked_at AS "revokedAt"
 *   FROM gateway.api_tokens WHERE merchant_id = :merchantId! AND id = :id! LIMIT 1
 * ```
 */
export const selectToken = new PreparedQuery<ISelectTokenParams,ISelectTokenResult>(selectTokenIR);


/** 'SelectLiveToken' parameters type */
export interface ISelectLiveTokenParams {
  tokenHash: string;
}

/** 'SelectLiveToken' return type */
export interface ISelectLiveTokenResult {
  createdAt: Date;
  creditorAccountId: string | null;
  creditorAccountName: string | null;
  creditorAccountScheme: string | null;
  environment: string;
  id: string;
  merchantId: string;
  name: string;
  payoutCurrency: string;
}

/** 'SelectLiveToken' query type */
export interface ISelectLiveTokenQuery {
  params: ISelectLiveTokenParams;
  result: ISelectLiveTokenResult;
}

const selectLiveTokenIR: any = {"usedParamSet":{"tokenHash":true},"params":[{"name":"tokenHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":332,"b":342}]}],"statement":"WITH live AS (\n  SELECT t.id, t.environment, t.last_used_at, m.id AS merchant_id, m.name, m.payout_currency, m.created_at AS merchant_created_at,\n         m.creditor_account_scheme, m.creditor_account_id, m.creditor_account_name\n    FROM gateway.api_tokens t JOIN gateway.merchants m ON m.id = t.merchant_id\n   WHERE t.token_hash = :tokenHash! AND t.revoked_at IS NULL),\nused AS (\n  UPDATE gateway.api_tokens t SET last_used_at = now() FROM live\n   WHERE t.id = live.id AND (live.last_used_at IS NULL OR live.last_used_at < now() - interval '1 minute'))\nSELECT id, environment, merchant_id AS \"merchantId\", name, payout_currency AS \"payoutCurrency\", merchant_created_at AS \"createdAt\",\n       creditor_account_scheme AS \"creditorAccountScheme\", creditor_account_id AS \"creditorAccountId\",\n       creditor_account_name AS \"creditorAccountName\"\n  FROM live"};

/**
 * Query generated from SQL:
 * ```
 * WITH live AS (
 *   SELECT t.id, t.environment, t.last_used_at, m.id AS merchant_id, m.name, m.payout_currency, m.created_at AS merchant_created_at,
 *          m.creditor_account_scheme, m.creditor_account_id, m.creditor_account_name
 *     FROM gateway.api_tokens t JOIN gateway.merchants m ON m.id = t.merchant_id
 *    WHERE t.token_hash = :tokenHash! AND t.revoked_at IS NULL),
 * used AS (
 *   UPDATE gateway.api_tokens t SET last_used_at = now() FROM live
 *    WHERE t.id = live.id AND (live.last_used_at IS NULL OR live.last_used_at < now() - interval '1 minute'))
 * SELECT id, environment, merchant_id AS "merchantId", name, payout_currency AS "payoutCurrency", merchant_created_at AS "createdAt",
 *        creditor_account_scheme AS "creditorAccountScheme", creditor_account_id AS "creditorAccountId",
 *        creditor_account_name AS "creditorAccountName"
 *   FROM live
 * ```
 */
export const selectLiveToken = new PreparedQuery<ISelectLiveTokenParams,ISelectLiveTokenResult>(selectLiveTokenIR);


/** 'SelectTokenOwner' parameters type */
export interface ISelectTokenOwnerParams {
  id?: string | null | void;
  merchantId?: string | null | void;
  tokenHash?: string | null | void;
}

/** 'SelectTokenOwner' return type */
export interface ISelectTokenOwnerResult {
  id: string;
  merchantId: string;
}

/** 'SelectTokenOwner' query type */
export interface ISelectTokenOwnerQuery {
  params: ISelectTokenOwnerParams;
  result: ISelectTokenOwnerResult;
}

const selectTokenOwnerIR: any = {"usedParamSet":{"id":true,"tokenHash":true,"merchantId":true},"params":[{"name":"id","required":false,"transform":{"type":"scalar"},"locs":[{"a":76,"b":78}]},{"name":"tokenHash","required":false,"transform":{"type":"scalar"},"locs":[{"a":96,"b":105}]},{"name":"merchantId","required":false,"transform":{"type":"scalar"},"locs":[{"a":113,"b":123},{"a":156,"b":166}]}],"statement":"SELECT id, merchant_id AS \"merchantId\" FROM gateway.api_tokens\n WHERE (id = :id OR token_hash = :tokenHash) AND (:merchantId::text IS NULL OR merchant_id = :merchantId)\n LIMIT 1"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, merchant_id AS "merchantId" FROM gateway.api_tokens
 *  WHERE (id = :id OR token_hash = :tokenHash) AND (:merchantId::text IS NULL OR merchant_id = :merchantId)
 *  LIMIT 1
 * ```
 */
export const selectTokenOwner = new PreparedQuery<ISelectTokenOwnerParams,ISelectTokenOwnerResult>(selectTokenOwnerIR);


/** 'RevokeToken' parameters type */
export interface IRevokeTokenParams {
  id: string;
  now: DateOrString;
}

/** 'RevokeToken' return type */
export type IRevokeTokenResult = void;

/** 'RevokeToken' query type */
export interface IRevokeTokenQuery {
  params: IRevokeTokenParams;
  result: IRevokeTokenResult;
}

const revokeTokenIR: any = {"usedParamSet":{"now":true,"id":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":43,"b":47}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":60,"b":63}]}],"statement":"UPDATE gateway.api_tokens SET revoked_at = :now! WHERE id = :id! AND revoked_at IS NULL"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE gateway.api_tokens SET revoked_at = :now! WHERE id = :id! AND revoked_at IS NULL
 * ```
 */
export const revokeToken = new PreparedQuery<IRevokeTokenParams,IRevokeTokenResult>(revokeTokenIR);


