/** Types generated for queries found in "src/db/sql/mandate-requests.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

/** 'InsertMandateRequest' parameters type */
export interface IInsertMandateRequestParams {
  controls?: Json | null | void;
  createdAt: DateOrString;
  creditorAccount: Json;
  currency: string;
  customerId: string;
  description: string;
  expiresAt: DateOrString;
  frequency: string;
  id: string;
  mandateId: string;
  maximumAmountMinor: NumberOrString;
  merchantId: string;
  metadata: Json;
  redirectUri: string;
  vrpType: string;
}

/** 'InsertMandateRequest' return type */
export interface IInsertMandateRequestResult {
  authorisationUrl: string | null;
  controls: Json | null;
  createdAt: Date;
  creditorAccount: Json;
  currency: string;
  customer: boolean;
  customerId: string;
  description: string;
  endedAt: Date | null;
  erased: boolean;
  expiresAt: Date;
  frequency: string;
  id: string;
  mandateId: string;
  maximumAmountMinor: string;
  merchantId: string;
  metadata: Json;
  redirectUri: string;
  status: string;
  vrpType: string;
}

/** 'InsertMandateRequest' query type */
export interface IInsertMandateRequestQuery {
  params: IInsertMandateRequestParams;
  result: IInsertMandateRequestResult;
}

const insertMandateRequestIR: any = {"usedParamSet":{"customerId":true,"merchantId":true,"id":true,"maximumAmountMinor":true,"currency":true,"frequency":true,"description":true,"metadata":true,"controls":true,"creditorAccount":true,"redirectUri":true,"mandateId":true,"expiresAt":true,"createdAt":true,"vrpType":true},"params":[{"name":"customerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":91,"b":102},{"a":420,"b":431}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":122,"b":133},{"a":406,"b":417}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":400,"b":403}]},{"name":"maximumAmountMinor","required":true,"transform":{"type":"scalar"},"locs":[{"a":460,"b":479}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":482,"b":491}]},{"name":"frequency","required":true,"transform":{"type":"scalar"},"locs":[{"a":494,"b":504}]},{"name":"description","required":true,"transform":{"type":"scalar"},"locs":[{"a":507,"b":519}]},{"name":"metadata","required":true,"transform":{"type":"scalar"},"locs":[{"a":531,"b":540}]},{"name":"controls","required":false,"transform":{"type":"scalar"},"locs":[{"a":550,"b":558}]},{"name":"creditorAccount","required":true,"transform":{"type":"scalar"},"locs":[{"a":568,"b":584}]},{"name":"redirectUri","required":true,"transform":{"type":"scalar"},"locs":[{"a":594,"b":606}]},{"name":"mandateId","required":true,"transform":{"type":"scalar"},"locs":[{"a":609,"b":619}]},{"name":"expiresAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":622,"b":632}]},{"name":"createdAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":635,"b":645}]},{"name":"vrpType","required":true,"transform":{"type":"scalar"},"locs":[{"a":648,"b":656}]}],"statement":"WITH customer AS (SELECT erased_at IS NOT NULL AS erased FROM mandate.customers WHERE id = :customerId! AND merchant_id = :merchantId!),\ncreated AS (\n  INSERT INTO mandate.mandate_requests AS r (id, merchant_id, customer_id, status, maximum_amount_minor, currency, frequency,\n    description, metadata, controls, creditor_account, redirect_uri, mandate_id, expires_at, created_at, vrp_type)\n  SELECT :id!, :merchantId!, :customerId!, 'awaiting_authorisation', :maximumAmountMinor!, :currency!, :frequency!, :description!,\n         :metadata!::jsonb, :controls::jsonb, :creditorAccount!::jsonb, :redirectUri!, :mandateId!, :expiresAt!, :createdAt!, :vrpType!\n    FROM customer WHERE NOT erased\n  RETURNING r.id, r.merchant_id AS \"merchantId\", r.customer_id AS \"customerId\", r.status, r.maximum_amount_minor AS \"maximumAmountMinor\", r.currency,\n       r.frequency, r.vrp_type AS \"vrpType\", r.description, r.metadata, r.controls, r.creditor_account AS \"creditorAccount\",\n       r.redirect_uri AS \"redirectUri\", r.mandate_id AS \"mandateId\", r.authorisation_url AS \"authorisationUrl\",\n       r.expires_at AS \"expiresAt\", r.created_at AS \"createdAt\", r.ended_at AS \"endedAt\")\nSELECT created.*, EXISTS (SELECT 1 FROM customer) AS \"customer!\", coalesce((SELECT erased FROM customer), false) AS \"erased!\"\n  FROM (SELECT 1) one LEFT JOIN created ON true"};

/**
 * Query generated from SQL:
 * ```
 * WITH customer AS (SELECT erased_at IS NOT NULL AS erased FROM mandate.customers WHERE id = :customerId! AND merchant_id = :merchantId!),
 * created AS (
 *   INSERT INTO mandate.mandate_requests AS r (id, merchant_id, customer_id, status, maximum_amount_minor, currency, frequency,
 *     description, metadata, controls, creditor_account, redirect_uri, mandate_id, expires_at, created_at, vrp_type)
 *   SELECT :id!, :merchantId!, :customerId!, 'awaiting_authorisation', :maximumAmountMinor!, :currency!, :frequency!, :description!,
 *          :metadata!::jsonb, :controls::jsonb, :creditorAccount!::jsonb, :redirectUri!, :mandateId!, :expiresAt!, :createdAt!, :vrpType!
 *     FROM customer WHERE NOT erased
 *   RETURNING r.id, r.merchant_id AS "merchantId", r.customer_id AS "customerId", r.status, r.maximum_amount_minor AS "maximumAmountMinor", r.currency,
 *        r.frequency, r.vrp_type AS "vrpType", r.description, r.metadata, r.controls, r.creditor_account AS "creditorAccount",
 *        r.redirect_uri AS "redirectUri", r.mandate_id AS "mandateId", r.authorisation_url AS "authorisationUrl",
 *        r.expires_at AS "expiresAt", r.created_at AS "createdAt", r.ended_at AS "endedAt")
 * SELECT created.*, EXISTS (SELECT 1 FROM customer) AS "customer!", coalesce((SELECT erased FROM customer), false) AS "erased!"
 *   FROM (SELECT 1) one LEFT JOIN created ON true
 * ```
 */
export const insertMandateRequest = new PreparedQuery<IInsertMandateRequestParams,IInsertMandateRequestResult>(insertMandateRequestIR);


/** 'ReadMandateRequest' parameters type */
export interface IReadMandateRequestParams {
  id: string;
  merchantId: string;
}

/** 'ReadMandateRequest' return type */
export interface IReadMandateRequestResult {
  authorisationUrl: string | null;
  controls: Json | null;
  createdAt: Date;
  creditorAccount: Json;
  currency: string;
  customerId: string;
  description: string;
  endedAt: Date | null;
  expiresAt: Date;
  frequency: string;
  id: string;
  mandateId: string;
  maximumAmountMinor: string;
  merchantId: string;
  metadata: Json;
  redirectUri: string;
  status: string;
  vrpType: string;
}

/** 'ReadMandateRequest' query type */
export interface IReadMandateRequestQuery {
  params: IReadMandateRequestParams;
  result: IReadMandateRequestResult;
}

const readMandateRequestIR: any = {"usedParamSet":{"id":true,"merchantId":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":518,"b":521}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":543,"b":554}]}],"statement":"SELECT r.id, r.merchant_id AS \"merchantId\", r.customer_id AS \"customerId\", r.status, r.maximum_amount_minor AS \"maximumAmountMinor\", r.currency,\n       r.frequency, r.vrp_type AS \"vrpType\", r.description, r.metadata, r.controls, r.creditor_account AS \"creditorAccount\",\n       r.redirect_uri AS \"redirectUri\", r.mandate_id AS \"mandateId\", r.authorisation_url AS \"authorisationUrl\",\n       r.expires_at AS \"expiresAt\", r.created_at AS \"createdAt\", r.ended_at AS \"endedAt\"\n  FROM mandate.mandate_requests r WHERE r.id = :id! AND r.merchant_id = :merchantId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT r.id, r.merchant_id AS "merchantId", r.customer_id AS "customerId", r.status, r.maximum_amount_minor AS "maximumAmountMinor", r.currency,
 *        r.frequency, r.vrp_type AS "vrpType", r.description, r.metadata, r.controls, r.creditor_account AS "creditorAccount",
 *        r.redirect_uri AS "redirectUri", r.mandate_id AS "mandateId", r.authorisation_url AS "authorisationUrl",
 *        r.expires_at AS "expiresAt", r.created_at AS "createdAt", r.ended_at AS "endedAt"
 *   FROM mandate.mandate_requests r WHERE r.id = :id! AND r.merchant_id = :merchantId!
 * ```
 */
export const readMandateRequest = new PreparedQuery<IReadMandateRequestParams,IReadMandateRequestResult>(readMandateRequestIR);


/** 'SetAuthorisationUrl' parameters type */
export interface ISetAuthorisationUrlParams {
  id: string;
  merchantId: string;
  url: string;
}

/** 'SetAuthorisationUrl' return type */
export interface ISetAuthorisationUrlResult {
  authorisationUrl: string | null;
  controls: Json | null;
  createdAt: Date;
  creditorAccount: Json;
  currency: string;
  customerId: string;
  description: string;
  endedAt: Date | null;
  expiresAt: Date;
  frequency: string;
  id: string;
  mandateId: string;
  maximumAmountMinor: string;
  merchantId: string;
  metadata: Json;
  redirectUri: string;
  status: string;
  vrpType: string;
}

/** 'SetAuthorisationUrl' query type */
export interface ISetAuthorisationUrlQuery {
  params: ISetAuthorisationUrlParams;
  result: ISetAuthorisationUrlResult;
}

const setAuthorisationUrlIR: any = {"usedParamSet":{"url":true,"id":true,"merchantId":true},"params":[{"name":"url","required":true,"transform":{"type":"scalar"},"locs":[{"a":58,"b":62}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":78,"b":81}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":103,"b":114}]}],"statement":"UPDATE mandate.mandate_requests r SET authorisation_url = :url!\n WHERE r.id = :id! AND r.merchant_id = :merchantId! AND r.authorisation_url IS NULL\nRETURNING r.id, r.merchant_id AS \"merchantId\", r.customer_id AS \"customerId\", r.status, r.maximum_amount_minor AS \"maximumAmountMinor\", r.currency,\n       r.frequency, r.vrp_type AS \"vrpType\", r.description, r.metadata, r.controls, r.creditor_account AS \"creditorAccount\",\n       r.redirect_uri AS \"redirectUri\", r.mandate_id AS \"mandateId\", r.authorisation_url AS \"authorisationUrl\",\n       r.expires_at AS \"expiresAt\", r.created_at AS \"createdAt\", r.ended_at AS \"endedAt\""};

/**
 * Query generated from SQL:
 * ```
 * UPDATE mandate.mandate_requests r SET authorisation_url = :url!
 *  WHERE r.id = :id! AND r.merchant_id = :merchantId! AND r.authorisation_url IS NULL
 * RETURNING r.id, r.merchant_id AS "merchantId", r.customer_id AS "customerId", r.status, r.maximum_amount_minor AS "maximumAmountMinor", r.currency,
 *        r.frequency, r.vrp_type AS "vrpType", r.description, r.metadata, r.controls, r.creditor_account AS "creditorAccount",
 *        r.redirect_uri AS "redirectUri", r.mandate_id AS "mandateId", r.authorisation_url AS "authorisationUrl",
 *        r.expires_at AS "expiresAt", r.created_at AS "createdAt", r.ended_at AS "endedAt"
 * ```
 */
export const setAuthorisationUrl = new PreparedQuery<ISetAuthorisationUrlParams,ISetAuthorisationUrlResult>(setAuthorisationUrlIR);


/** 'EndMandateRequest' parameters type */
export interface IEndMandateRequestParams {
  at: DateOrString;
  end: string;
  id: string;
  merchantId: string;
}

/** 'EndMandateRequest' return type */
export interface IEndMandateRequestResult {
  authorisationUrl: string | null;
  controls: Json | null;
  createdAt: Date;
  creditorAccount: Json;
  currency: string;
  customerId: string;
  description: string;
  endedAt: Date | null;
  expiresAt: Date;
  frequency: string;
  id: string;
  mandateId: string;
  maximumAmountMinor: string;
  merchantId: string;
  metadata: Json;
  redirectUri: string;
  status: string;
  vrpType: string;
}

/** 'EndMandateRequest' query type */
export interface IEndMandateRequestQuery {
  params: IEndMandateRequestParams;
  result: IEndMandateRequestResult;
}

const endMandateRequestIR: any = {"usedParamSet":{"end":true,"at":true,"id":true,"merchantId":true},"params":[{"name":"end","required":true,"transform":{"type":"scalar"},"locs":[{"a":47,"b":51}]},{"name":"at","required":true,"transform":{"type":"scalar"},"locs":[{"a":65,"b":68}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":84,"b":87}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":109,"b":120}]}],"statement":"UPDATE mandate.mandate_requests r SET status = :end!, ended_at = :at!\n WHERE r.id = :id! AND r.merchant_id = :merchantId! AND r.status = 'awaiting_authorisation'\nRETURNING r.id, r.merchant_id AS \"merchantId\", r.customer_id AS \"customerId\", r.status, r.maximum_amount_minor AS \"maximumAmountMinor\", r.currency,\n       r.frequency, r.vrp_type AS \"vrpType\", r.description, r.metadata, r.controls, r.creditor_account AS \"creditorAccount\",\n       r.redirect_uri AS \"redirectUri\", r.mandate_id AS \"mandateId\", r.authorisation_url AS \"authorisationUrl\",\n       r.expires_at AS \"expiresAt\", r.created_at AS \"createdAt\", r.ended_at AS \"endedAt\""};

/**
 * Query generated from SQL:
 * ```
 * UPDATE mandate.mandate_requests r SET status = :end!, ended_at = :at!
 *  WHERE r.id = :id! AND r.merchant_id = :merchantId! AND r.status = 'awaiting_authorisation'
 * RETURNING r.id, r.merchant_id AS "merchantId", r.customer_id AS "customerId", r.status, r.maximum_amount_minor AS "maximumAmountMinor", r.currency,
 *        r.frequency, r.vrp_type AS "vrpType", r.description, r.metadata, r.controls, r.creditor_account AS "creditorAccount",
 *        r.redirect_uri AS "redirectUri", r.mandate_id AS "mandateId", r.authorisation_url AS "authorisationUrl",
 *        r.expires_at AS "expiresAt", r.created_at AS "createdAt", r.ended_at AS "endedAt"
 * ```
 */
export const endMandateRequest = new PreparedQuery<IEndMandateRequestParams,IEndMandateRequestResult>(endMandateRequestIR);


/** 'ExpireDueMandateRequests' parameters type */
export interface IExpireDueMandateRequestsParams {
  limit: NumberOrString;
  now: DateOrString;
}

/** 'ExpireDueMandateRequests' return type */
export interface IExpireDueMandateRequestsResult {
  authorisationUrl: string | null;
  controls: Json | null;
  createdAt: Date;
  creditorAccount: Json;
  currency: string;
  customerId: string;
  description: string;
  endedAt: Date | null;
  expiresAt: Date;
  frequency: string;
  id: string;
  mandateId: string;
  maximumAmountMinor: string;
  merchantId: string;
  metadata: Json;
  redirectUri: string;
  status: string;
  vrpType: string;
}

/** 'ExpireDueMandateRequests' query type */
export interface IExpireDueMandateRequestsQuery {
  params: IExpireDueMandateRequestsParams;
  result: IExpireDueMandateRequestsResult;
}

const expireDueMandateRequestsIR: any = {"usedParamSet":{"now":true,"limit":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":217,"b":221}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":326,"b":332}]}],"statement":"WITH due AS (\n  SELECT r.id, r.expires_at FROM mandate.mandate_requests r\n    LEFT JOIN mandate.merchant_clocks c ON c.merchant_id = r.merchant_id\n   WHERE r.status = 'awaiting_authorisation'\n     AND r.expires_at <= :now!::timestamptz + make_interval(secs => coalesce(c.offset_ms, 0) / 1000.0)\n   ORDER BY r.expires_at LIMIT :limit! FOR UPDATE OF r SKIP LOCKED)\nUPDATE mandate.mandate_requests r SET status = 'expired', ended_at = due.expires_at\n  FROM due WHERE r.id = due.id AND r.status = 'awaiting_authorisation'\nRETURNING r.id, r.merchant_id AS \"merchantId\", r.customer_id AS \"customerId\", r.status, r.maximum_amount_minor AS \"maximumAmountMinor\", r.currency,\n       r.frequency, r.vrp_type AS \"vrpType\", r.description, r.metadata, r.controls, r.creditor_account AS \"creditorAccount\",\n       r.redirect_uri AS \"redirectUri\", r.mandate_id AS \"mandateId\", r.authorisation_url AS \"authorisationUrl\",\n       r.expires_at AS \"expiresAt\", r.created_at AS \"createdAt\", r.ended_at AS \"endedAt\""};

/**
 * Query generated from SQL:
 * ```
 * WITH due AS (
 *   SELECT r.id, r.expires_at FROM mandate.mandate_requests r
 *     LEFT JOIN mandate.merchant_clocks c ON c.merchant_id = r.merchant_id
 *    WHERE r.status = 'awaiting_authorisation'
 *      AND r.expires_at <= :now!::timestamptz + make_interval(secs => coalesce(c.offset_ms, 0) / 1000.0)
 *    ORDER BY r.expires_at LIMIT :limit! FOR UPDATE OF r SKIP LOCKED)
 * UPDATE mandate.mandate_requests r SET status = 'expired', ended_at = due.expires_at
 *   FROM due WHERE r.id = due.id AND r.status = 'awaiting_authorisation'
 * RETURNING r.id, r.merchant_id AS "merchantId", r.customer_id AS "customerId", r.status, r.maximum_amount_minor AS "maximumAmountMinor", r.currency,
 *        r.frequency, r.vrp_type AS "vrpType", r.description, r.metadata, r.controls, r.creditor_account AS "creditorAccount",
 *        r.redirect_uri AS "redirectUri", r.mandate_id AS "mandateId", r.authorisation_url AS "authorisationUrl",
 *        r.expires_at AS "expiresAt", r.created_at AS "createdAt", r.ended_at AS "endedAt"
 * ```
 */
export const expireDueMandateRequests = new PreparedQuery<IExpireDueMandateRequestsParams,IExpireDueMandateRequestsResult>(expireDueMandateRequestsIR);


/** 'MerchantOfMandateRequest' parameters type */
export interface IMerchantOfMandateRequestParams {
  id: string;
}

/** 'MerchantOfMandateRequest' return type */
export interface IMerchantOfMandateRequestResult {
  merchantId: string;
}

/** 'MerchantOfMandateRequest' query type */
export interface IMerchantOfMandateRequestQuery {
  params: IMerchantOfMandateRequestParams;
  result: IMerchantOfMandateRequestResult;
}

const merchantOfMandateRequestIR: any = {"usedParamSet":{"id":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":76,"b":79}]}],"statement":"SELECT merchant_id AS \"merchantId\" FROM mandate.mandate_requests WHERE id = :id!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT merchant_id AS "merchantId" FROM mandate.mandate_requests WHERE id = :id!
 * ```
 */
export const merchantOfMandateRequest = new PreparedQuery<IMerchantOfMandateRequestParams,IMerchantOfMandateRequestResult>(merchantOfMandateRequestIR);


