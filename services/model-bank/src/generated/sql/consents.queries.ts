/** Types generated for queries found in "src/db/sql/consents.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

export type stringArray = (string)[];

/** 'InsertConsent' parameters type */
export interface IInsertConsentParams {
  accountId?: string | null | void;
  clientId: string;
  clockKey: string;
  controlParameters: Json;
  creationDateTime: DateOrString;
  currency: string;
  customerRef: string;
  expiresAt?: DateOrString | null | void;
  grantId?: string | null | void;
  id: string;
  initiation: Json;
  maxIndividualMinor: NumberOrString;
  readRefundAccount?: string | null | void;
  risk: Json;
  status: string;
  statusReasons?: Json | null | void;
  statusUpdateDateTime: DateOrString;
}

/** 'InsertConsent' return type */
export type IInsertConsentResult = void;

/** 'InsertConsent' query type */
export interface IInsertConsentQuery {
  params: IInsertConsentParams;
  result: IInsertConsentResult;
}

const insertConsentIR: any = {"usedParamSet":{"id":true,"clientId":true,"status":true,"statusReasons":true,"readRefundAccount":true,"controlParameters":true,"initiation":true,"risk":true,"customerRef":true,"clockKey":true,"currency":true,"maxIndividualMinor":true,"accountId":true,"grantId":true,"expiresAt":true,"creationDateTime":true,"statusUpdateDateTime":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":277,"b":280}]},{"name":"clientId","required":true,"transform":{"type":"scalar"},"locs":[{"a":283,"b":292}]},{"name":"status","required":true,"transform":{"type":"scalar"},"locs":[{"a":295,"b":302}]},{"name":"statusReasons","required":false,"transform":{"type":"scalar"},"locs":[{"a":305,"b":318}]},{"name":"readRefundAccount","required":false,"transform":{"type":"scalar"},"locs":[{"a":321,"b":338}]},{"name":"controlParameters","required":true,"transform":{"type":"scalar"},"locs":[{"a":341,"b":359}]},{"name":"initiation","required":true,"transform":{"type":"scalar"},"locs":[{"a":362,"b":373}]},{"name":"risk","required":true,"transform":{"type":"scalar"},"locs":[{"a":376,"b":381}]},{"name":"customerRef","required":true,"transform":{"type":"scalar"},"locs":[{"a":386,"b":398}]},{"name":"clockKey","required":true,"transform":{"type":"scalar"},"locs":[{"a":401,"b":410}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":413,"b":422}]},{"name":"maxIndividualMinor","required":true,"transform":{"type":"scalar"},"locs":[{"a":425,"b":444}]},{"name":"accountId","required":false,"transform":{"type":"scalar"},"locs":[{"a":455,"b":464}]},{"name":"grantId","required":false,"transform":{"type":"scalar"},"locs":[{"a":467,"b":474}]},{"name":"expiresAt","required":false,"transform":{"type":"scalar"},"locs":[{"a":477,"b":486}]},{"name":"creationDateTime","required":true,"transform":{"type":"scalar"},"locs":[{"a":489,"b":506}]},{"name":"statusUpdateDateTime","required":true,"transform":{"type":"scalar"},"locs":[{"a":509,"b":530}]}],"statement":"INSERT INTO model_bank.consents (id, client_id, status, status_reasons, read_refund_account, control_parameters, initiation, risk,\n  customer_ref, clock_key, currency, max_individual_minor, account_id, grant_id, expires_at, creation_date_time, status_update_date_time)\nVALUES (:id!, :clientId!, :status!, :statusReasons, :readRefundAccount, :controlParameters!, :initiation!, :risk!,\n  :customerRef!, :clockKey!, :currency!, :maxIndividualMinor!::bigint, :accountId, :grantId, :expiresAt, :creationDateTime!, :statusUpdateDateTime!)"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO model_bank.consents (id, client_id, status, status_reasons, read_refund_account, control_parameters, initiation, risk,
 *   customer_ref, clock_key, currency, max_individual_minor, account_id, grant_id, expires_at, creation_date_time, status_update_date_time)
 * VALUES (:id!, :clientId!, :status!, :statusReasons, :readRefundAccount, :controlParameters!, :initiation!, :risk!,
 *   :customerRef!, :clockKey!, :currency!, :maxIndividualMinor!::bigint, :accountId, :grantId, :expiresAt, :creationDateTime!, :statusUpdateDateTime!)
 * ```
 */
export const insertConsent = new PreparedQuery<IInsertConsentParams,IInsertConsentResult>(insertConsentIR);


/** 'ConsentById' parameters type */
export interface IConsentByIdParams {
  id: string;
}

/** 'ConsentById' return type */
export interface IConsentByIdResult {
  accountId: string | null;
  clientId: string;
  clockKey: string;
  controlParameters: Json;
  creationDateTime: Date;
  currency: string;
  customerRef: string;
  expiresAt: Date | null;
  grantId: string | null;
  id: string;
  initiation: Json;
  maxIndividualMinor: string;
  readRefundAccount: string | null;
  risk: Json;
  status: string;
  statusReasons: Json | null;
  statusUpdateDateTime: Date;
}

/** 'ConsentById' query type */
export interface IConsentByIdQuery {
  params: IConsentByIdParams;
  result: IConsentByIdResult;
}

const consentByIdIR: any = {"usedParamSet":{"id":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":531,"b":534}]}],"statement":"SELECT id, client_id AS \"clientId\", status, status_reasons AS \"statusReasons\", read_refund_account AS \"readRefundAccount\",\n       control_parameters AS \"controlParameters\", initiation, risk, customer_ref AS \"customerRef\", clock_key AS \"clockKey\", currency,\n       max_individual_minor::text AS \"maxIndividualMinor!\", account_id AS \"accountId\", grant_id AS \"grantId\", expires_at AS \"expiresAt\",\n       creation_date_time AS \"creationDateTime\", status_update_date_time AS \"statusUpdateDateTime\"\n  FROM model_bank.consents WHERE id = :id!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, client_id AS "clientId", status, status_reasons AS "statusReasons", read_refund_account AS "readRefundAccount",
 *        control_parameters AS "controlParameters", initiation, risk, customer_ref AS "customerRef", clock_key AS "clockKey", currency,
 *        max_individual_minor::text AS "maxIndividualMinor!", account_id AS "accountId", grant_id AS "grantId", expires_at AS "expiresAt",
 *        creation_date_time AS "creationDateTime", status_update_date_time AS "statusUpdateDateTime"
 *   FROM model_bank.consents WHERE id = :id!
 * ```
 */
export const consentById = new PreparedQuery<IConsentByIdParams,IConsentByIdResult>(consentByIdIR);


/** 'LockConsent' parameters type */
export interface ILockConsentParams {
  id: string;
}

/** 'LockConsent' return type */
export interface ILockConsentResult {
  accountId: string | null;
  clientId: string;
  clockKey: string;
  controlParameters: Json;
  creationDateTime: Date;
  currency: string;
  customerRef: string;
  expiresAt: Date | null;
  grantId: string | null;
  id: string;
  initiation: Json;
  maxIndividualMinor: string;
  readRefundAccount: string | null;
  risk: Json;
  status: string;
  statusReasons: Json | null;
  statusUpdateDateTime: Date;
}

/** 'LockConsent' query type */
export interface ILockConsentQuery {
  params: ILockConsentParams;
  result: ILockConsentResult;
}

const lockConsentIR: any = {"usedParamSet":{"id":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":531,"b":534}]}],"statement":"SELECT id, client_id AS \"clientId\", status, status_reasons AS \"statusReasons\", read_refund_account AS \"readRefundAccount\",\n       control_parameters AS \"controlParameters\", initiation, risk, customer_ref AS \"customerRef\", clock_key AS \"clockKey\", currency,\n       max_individual_minor::text AS \"maxIndividualMinor!\", account_id AS \"accountId\", grant_id AS \"grantId\", expires_at AS \"expiresAt\",\n       creation_date_time AS \"creationDateTime\", status_update_date_time AS \"statusUpdateDateTime\"\n  FROM model_bank.consents WHERE id = :id! FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, client_id AS "clientId", status, status_reasons AS "statusReasons", read_refund_account AS "readRefundAccount",
 *        control_parameters AS "controlParameters", initiation, risk, customer_ref AS "customerRef", clock_key AS "clockKey", currency,
 *        max_individual_minor::text AS "maxIndividualMinor!", account_id AS "accountId", grant_id AS "grantId", expires_at AS "expiresAt",
 *        creation_date_time AS "creationDateTime", status_update_date_time AS "statusUpdateDateTime"
 *   FROM model_bank.consents WHERE id = :id! FOR UPDATE
 * ```
 */
export const lockConsent = new PreparedQuery<ILockConsentParams,ILockConsentResult>(lockConsentIR);


/** 'ConsentByGrant' parameters type */
export interface IConsentByGrantParams {
  grantId: string;
}

/** 'ConsentByGrant' return type */
export interface IConsentByGrantResult {
  accountId: string | null;
  clientId: string;
  clockKey: string;
  controlParameters: Json;
  creationDateTime: Date;
  currency: string;
  customerRef: string;
  expiresAt: Date | null;
  grantId: string | null;
  id: string;
  initiation: Json;
  maxIndividualMinor: string;
  readRefundAccount: string | null;
  risk: Json;
  status: string;
  statusReasons: Json | null;
  statusUpdateDateTime: Date;
}

/** 'ConsentByGrant' query type */
export interface IConsentByGrantQuery {
  params: IConsentByGrantParams;
  result: IConsentByGrantResult;
}

const consentByGrantIR: any = {"usedParamSet":{"grantId":true},"params":[{"name":"grantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":537,"b":545}]}],"statement":"SELECT id, client_id AS \"clientId\", status, status_reasons AS \"statusReasons\", read_refund_account AS \"readRefundAccount\",\n       control_parameters AS \"controlParameters\", initiation, risk, customer_ref AS \"customerRef\", clock_key AS \"clockKey\", currency,\n       max_individual_minor::text AS \"maxIndividualMinor!\", account_id AS \"accountId\", grant_id AS \"grantId\", expires_at AS \"expiresAt\",\n       creation_date_time AS \"creationDateTime\", status_update_date_time AS \"statusUpdateDateTime\"\n  FROM model_bank.consents WHERE grant_id = :grantId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, client_id AS "clientId", status, status_reasons AS "statusReasons", read_refund_account AS "readRefundAccount",
 *        control_parameters AS "controlParameters", initiation, risk, customer_ref AS "customerRef", clock_key AS "clockKey", currency,
 *        max_individual_minor::text AS "maxIndividualMinor!", account_id AS "accountId", grant_id AS "grantId", expires_at AS "expiresAt",
 *        creation_date_time AS "creationDateTime", status_update_date_time AS "statusUpdateDateTime"
 *   FROM model_bank.consents WHERE grant_id = :grantId!
 * ```
 */
export const consentByGrant = new PreparedQuery<IConsentByGrantParams,IConsentByGrantResult>(consentByGrantIR);


/** 'MoveConsent' parameters type */
export interface IMoveConsentParams {
  accountId?: string | null | void;
  at: DateOrString;
  from: stringArray;
  grantId?: string | null | void;
  id: string;
  statusReasons?: Json | null | void;
  to: string;
}

/** 'MoveConsent' return type */
export interface IMoveConsentResult {
  accountId: string | null;
  clientId: string;
  clockKey: string;
  controlParameters: Json;
  creationDateTime: Date;
  currency: string;
  customerRef: string;
  expiresAt: Date | null;
  grantId: string | null;
  id: string;
  initiation: Json;
  maxIndividualMinor: string;
  readRefundAccount: string | null;
  risk: Json;
  status: string;
  statusReasons: Json | null;
  statusUpdateDateTime: Date;
}

/** 'MoveConsent' query type */
export interface IMoveConsentQuery {
  params: IMoveConsentParams;
  result: IMoveConsentResult;
}

const moveConsentIR: any = {"usedParamSet":{"to":true,"statusReasons":true,"at":true,"accountId":true,"grantId":true,"id":true,"from":true},"params":[{"name":"to","required":true,"transform":{"type":"scalar"},"locs":[{"a":40,"b":43}]},{"name":"statusReasons","required":false,"transform":{"type":"scalar"},"locs":[{"a":63,"b":76}]},{"name":"at","required":true,"transform":{"type":"scalar"},"locs":[{"a":105,"b":108}]},{"name":"accountId","required":false,"transform":{"type":"scalar"},"locs":[{"a":140,"b":149}]},{"name":"grantId","required":false,"transform":{"type":"scalar"},"locs":[{"a":185,"b":192}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":217,"b":220}]},{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":239,"b":244}]}],"statement":"UPDATE model_bank.consents SET status = :to!, status_reasons = :statusReasons, status_update_date_time = :at!,\n       account_id = COALESCE(:accountId, account_id), grant_id = COALESCE(:grantId, grant_id)\n WHERE id = :id! AND status = ANY(:from!::text[])\nRETURNING id, client_id AS \"clientId\", status, status_reasons AS \"statusReasons\", read_refund_account AS \"readRefundAccount\",\n       control_parameters AS \"controlParameters\", initiation, risk, customer_ref AS \"customerRef\", clock_key AS \"clockKey\", currency,\n       max_individual_minor::text AS \"maxIndividualMinor!\", account_id AS \"accountId\", grant_id AS \"grantId\", expires_at AS \"expiresAt\",\n       creation_date_time AS \"creationDateTime\", status_update_date_time AS \"statusUpdateDateTime\""};

/**
 * Query generated from SQL:
 * ```
 * UPDATE model_bank.consents SET status = :to!, status_reasons = :statusReasons, status_update_date_time = :at!,
 *        account_id = COALESCE(:accountId, account_id), grant_id = COALESCE(:grantId, grant_id)
 *  WHERE id = :id! AND status = ANY(:from!::text[])
 * RETURNING id, client_id AS "clientId", status, status_reasons AS "statusReasons", read_refund_account AS "readRefundAccount",
 *        control_parameters AS "controlParameters", initiation, risk, customer_ref AS "customerRef", clock_key AS "clockKey", currency,
 *        max_individual_minor::text AS "maxIndividualMinor!", account_id AS "accountId", grant_id AS "grantId", expires_at AS "expiresAt",
 *        creation_date_time AS "creationDateTime", status_update_date_time AS "statusUpdateDateTime"
 * ```
 */
export const moveConsent = new PreparedQuery<IMoveConsentParams,IMoveConsentResult>(moveConsentIR);


/** 'LiveConsentsOnAccount' parameters type */
export interface ILiveConsentsOnAccountParams {
  accountId: string;
}

/** 'LiveConsentsOnAccount' return type */
export interface ILiveConsentsOnAccountResult {
  accountId: string | null;
  clientId: string;
  clockKey: string;
  controlParameters: Json;
  creationDateTime: Date;
  currency: string;
  customerRef: string;
  expiresAt: Date | null;
  grantId: string | null;
  id: string;
  initiation: Json;
  maxIndividualMinor: string;
  readRefundAccount: string | null;
  risk: Json;
  status: string;
  statusReasons: Json | null;
  statusUpdateDateTime: Date;
}

/** 'LiveConsentsOnAccount' query type */
export interface ILiveConsentsOnAccountQuery {
  params: ILiveConsentsOnAccountParams;
  result: ILiveConsentsOnAccountResult;
}

const liveConsentsOnAccountIR: any = {"usedParamSet":{"accountId":true},"params":[{"name":"accountId","required":true,"transform":{"type":"scalar"},"locs":[{"a":539,"b":549}]}],"statement":"SELECT id, client_id AS \"clientId\", status, status_reasons AS \"statusReasons\", read_refund_account AS \"readRefundAccount\",\n       control_parameters AS \"controlParameters\", initiation, risk, customer_ref AS \"customerRef\", clock_key AS \"clockKey\", currency,\n       max_individual_minor::text AS \"maxIndividualMinor!\", account_id AS \"accountId\", grant_id AS \"grantId\", expires_at AS \"expiresAt\",\n       creation_date_time AS \"creationDateTime\", status_update_date_time AS \"statusUpdateDateTime\"\n  FROM model_bank.consents WHERE account_id = :accountId! AND status IN ('AWAU', 'AUTH') ORDER BY id FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, client_id AS "clientId", status, status_reasons AS "statusReasons", read_refund_account AS "readRefundAccount",
 *        control_parameters AS "controlParameters", initiation, risk, customer_ref AS "customerRef", clock_key AS "clockKey", currency,
 *        max_individual_minor::text AS "maxIndividualMinor!", account_id AS "accountId", grant_id AS "grantId", expires_at AS "expiresAt",
 *        creation_date_time AS "creationDateTime", status_update_date_time AS "statusUpdateDateTime"
 *   FROM model_bank.consents WHERE account_id = :accountId! AND status IN ('AWAU', 'AUTH') ORDER BY id FOR UPDATE
 * ```
 */
export const liveConsentsOnAccount = new PreparedQuery<ILiveConsentsOnAccountParams,ILiveConsentsOnAccountResult>(liveConsentsOnAccountIR);


/** 'RelinkConsents' parameters type */
export interface IRelinkConsentsParams {
  from: string;
  to: string;
}

/** 'RelinkConsents' return type */
export type IRelinkConsentsResult = void;

/** 'RelinkConsents' query type */
export interface IRelinkConsentsQuery {
  params: IRelinkConsentsParams;
  result: IRelinkConsentsResult;
}

const relinkConsentsIR: any = {"usedParamSet":{"to":true,"from":true},"params":[{"name":"to","required":true,"transform":{"type":"scalar"},"locs":[{"a":44,"b":47}]},{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":68,"b":73}]}],"statement":"UPDATE model_bank.consents SET account_id = :to! WHERE account_id = :from!"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE model_bank.consents SET account_id = :to! WHERE account_id = :from!
 * ```
 */
export const relinkConsents = new PreparedQuery<IRelinkConsentsParams,IRelinkConsentsResult>(relinkConsentsIR);


/** 'DueExpiries' parameters type */
export interface IDueExpiriesParams {
  limit: NumberOrString;
}

/** 'DueExpiries' return type */
export interface IDueExpiriesResult {
  id: string;
}

/** 'DueExpiries' query type */
export interface IDueExpiriesQuery {
  params: IDueExpiriesParams;
  result: IDueExpiriesResult;
}

const dueExpiriesIR: any = {"usedParamSet":{"limit":true},"params":[{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":291,"b":297}]}],"statement":"SELECT c.id FROM model_bank.consents c LEFT JOIN model_bank.merchant_clocks k ON k.merchant_id = c.clock_key\n WHERE c.status IN ('AWAU', 'AUTH') AND c.expires_at IS NOT NULL\n   AND c.expires_at <= now() + make_interval(secs => COALESCE(k.offset_ms, 0) / 1000.0)\n ORDER BY c.expires_at LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT c.id FROM model_bank.consents c LEFT JOIN model_bank.merchant_clocks k ON k.merchant_id = c.clock_key
 *  WHERE c.status IN ('AWAU', 'AUTH') AND c.expires_at IS NOT NULL
 *    AND c.expires_at <= now() + make_interval(secs => COALESCE(k.offset_ms, 0) / 1000.0)
 *  ORDER BY c.expires_at LIMIT :limit!
 * ```
 */
export const dueExpiries = new PreparedQuery<IDueExpiriesParams,IDueExpiriesResult>(dueExpiriesIR);


