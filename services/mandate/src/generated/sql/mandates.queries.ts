/** Types generated for queries found in "src/db/sql/mandates.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

export type stringArray = (string)[];

/** 'ReadMandate' parameters type */
export interface IReadMandateParams {
  id: string;
  merchantId: string;
}

/** 'ReadMandate' return type */
export interface IReadMandateResult {
  authorisationExpiresAt: Date | null;
  authorisationUrl: string | null;
  consentExpected: boolean;
  controls: Json | null;
  createdAt: Date;
  currency: string;
  customerId: string;
  description: string;
  frequency: string;
  id: string;
  mandateRequestId: string | null;
  maximumAmountMinor: string;
  merchantId: string;
  metadata: Json;
  revocationReason: string | null;
  revokedAt: Date | null;
  revokedBy: string | null;
  status: string;
  suspendedAt: Date | null;
  suspensionReason: string | null;
  version: string;
  vrpType: string;
}

/** 'ReadMandate' query type */
export interface IReadMandateQuery {
  params: IReadMandateParams;
  result: IReadMandateResult;
}

const readMandateIR: any = {"usedParamSet":{"id":true,"merchantId":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":689,"b":692}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":714,"b":725}]}],"statement":"SELECT m.id, m.merchant_id AS \"merchantId\", m.customer_id AS \"customerId\", m.status, m.description, m.metadata,\n       m.maximum_amount_minor AS \"maximumAmountMinor\", m.currency, m.frequency, m.created_at AS \"createdAt\",\n       m.revoked_at AS \"revokedAt\", m.revoked_by AS \"revokedBy\", m.suspended_at AS \"suspendedAt\", m.revocation_reason AS \"revocationReason\",\n       m.suspension_reason AS \"suspensionReason\", m.vrp_type AS \"vrpType\", m.controls, m.version, m.mandate_request_id AS \"mandateRequestId\",\n       m.authorisation_url AS \"authorisationUrl\", m.authorisation_expires_at AS \"authorisationExpiresAt\", m.consent_expected AS \"consentExpected\"\n  FROM mandate.mandates m WHERE m.id = :id! AND m.merchant_id = :merchantId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT m.id, m.merchant_id AS "merchantId", m.customer_id AS "customerId", m.status, m.description, m.metadata,
 *        m.maximum_amount_minor AS "maximumAmountMinor", m.currency, m.frequency, m.created_at AS "createdAt",
 *        m.revoked_at AS "revokedAt", m.revoked_by AS "revokedBy", m.suspended_at AS "suspendedAt", m.revocation_reason AS "revocationReason",
 *        m.suspension_reason AS "suspensionReason", m.vrp_type AS "vrpType", m.controls, m.version, m.mandate_request_id AS "mandateRequestId",
 *        m.authorisation_url AS "authorisationUrl", m.authorisation_expires_at AS "authorisationExpiresAt", m.consent_expected AS "consentExpected"
 *   FROM mandate.mandates m WHERE m.id = :id! AND m.merchant_id = :merchantId!
 * ```
 */
export const readMandate = new PreparedQuery<IReadMandateParams,IReadMandateResult>(readMandateIR);


/** 'InsertMandate' parameters type */
export interface IInsertMandateParams {
  consentExpected: boolean;
  controls?: Json | null | void;
  createdAt: DateOrString;
  currency: string;
  customerId: string;
  description: string;
  eventId: string;
  frequency: string;
  id: string;
  mandateRequestId?: string | null | void;
  maximumAmountMinor: NumberOrString;
  merchantId: string;
  metadata: Json;
  payload: Buffer;
  subject: string;
  traceparent?: string | null | void;
  vrpType: string;
}

/** 'InsertMandate' return type */
export interface IInsertMandateResult {
  created: boolean;
  customer: boolean;
  erased: boolean;
  sca: boolean;
}

/** 'InsertMandate' query type */
export interface IInsertMandateQuery {
  params: IInsertMandateParams;
  result: IInsertMandateResult;
}

const insertMandateIR: any = {"usedParamSet":{"customerId":true,"merchantId":true,"id":true,"description":true,"metadata":true,"maximumAmountMinor":true,"currency":true,"frequency":true,"createdAt":true,"controls":true,"mandateRequestId":true,"vrpType":true,"consentExpected":true,"eventId":true,"subject":true,"payload":true,"traceparent":true},"params":[{"name":"customerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":106,"b":117},{"a":400,"b":411}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":137,"b":148},{"a":386,"b":397}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":380,"b":383}]},{"name":"description","required":true,"transform":{"type":"scalar"},"locs":[{"a":429,"b":441}]},{"name":"metadata","required":true,"transform":{"type":"scalar"},"locs":[{"a":444,"b":453}]},{"name":"maximumAmountMinor","required":true,"transform":{"type":"scalar"},"locs":[{"a":463,"b":482}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":485,"b":494}]},{"name":"frequency","required":true,"transform":{"type":"scalar"},"locs":[{"a":497,"b":507}]},{"name":"createdAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":510,"b":520},{"a":801,"b":811}]},{"name":"controls","required":false,"transform":{"type":"scalar"},"locs":[{"a":523,"b":531}]},{"name":"mandateRequestId","required":false,"transform":{"type":"scalar"},"locs":[{"a":541,"b":557}]},{"name":"vrpType","required":true,"transform":{"type":"scalar"},"locs":[{"a":560,"b":568}]},{"name":"consentExpected","required":true,"transform":{"type":"scalar"},"locs":[{"a":571,"b":587}]},{"name":"eventId","required":true,"transform":{"type":"scalar"},"locs":[{"a":768,"b":776}]},{"name":"subject","required":true,"transform":{"type":"scalar"},"locs":[{"a":779,"b":787}]},{"name":"payload","required":true,"transform":{"type":"scalar"},"locs":[{"a":790,"b":798}]},{"name":"traceparent","required":false,"transform":{"type":"scalar"},"locs":[{"a":814,"b":825}]}],"statement":"WITH customer AS (SELECT sca_completed, erased_at IS NOT NULL AS erased FROM mandate.customers WHERE id = :customerId! AND merchant_id = :merchantId!),\ncreated AS (\n  INSERT INTO mandate.mandates (id, merchant_id, customer_id, status, description, metadata, maximum_amount_minor, currency, frequency, created_at, controls, mandate_request_id, vrp_type, consent_expected)\n  SELECT :id!, :merchantId!, :customerId!, 'pending_sca', :description!, :metadata!::jsonb, :maximumAmountMinor!, :currency!, :frequency!, :createdAt!, :controls::jsonb, :mandateRequestId, :vrpType!, :consentExpected!\n    FROM customer WHERE sca_completed AND NOT erased\n  RETURNING id),\noutbox AS (\n  INSERT INTO mandate.outbox_events (event_id, subject, payload, created_at, traceparent) SELECT :eventId!, :subject!, :payload!, :createdAt!, :traceparent FROM created)\nSELECT EXISTS (SELECT 1 FROM customer) AS \"customer!\", coalesce((SELECT erased FROM customer), false) AS \"erased!\",\n       coalesce((SELECT sca_completed FROM customer), false) AS \"sca!\",\n       EXISTS (SELECT 1 FROM created) AS \"created!\""};

/**
 * Query generated from SQL:
 * ```
 * WITH customer AS (SELECT sca_completed, erased_at IS NOT NULL AS erased FROM mandate.customers WHERE id = :customerId! AND merchant_id = :merchantId!),
 * created AS (
 *   INSERT INTO mandate.mandates (id, merchant_id, customer_id, status, description, metadata, maximum_amount_minor, currency, frequency, created_at, controls, mandate_request_id, vrp_type, consent_expected)
 *   SELECT :id!, :merchantId!, :customerId!, 'pending_sca', :description!, :metadata!::jsonb, :maximumAmountMinor!, :currency!, :frequency!, :createdAt!, :controls::jsonb, :mandateRequestId, :vrpType!, :consentExpected!
 *     FROM customer WHERE sca_completed AND NOT erased
 *   RETURNING id),
 * outbox AS (
 *   INSERT INTO mandate.outbox_events (event_id, subject, payload, created_at, traceparent) SELECT :eventId!, :subject!, :payload!, :createdAt!, :traceparent FROM created)
 * SELECT EXISTS (SELECT 1 FROM customer) AS "customer!", coalesce((SELECT erased FROM customer), false) AS "erased!",
 *        coalesce((SELECT sca_completed FROM customer), false) AS "sca!",
 *        EXISTS (SELECT 1 FROM created) AS "created!"
 * ```
 */
export const insertMandate = new PreparedQuery<IInsertMandateParams,IInsertMandateResult>(insertMandateIR);


/** 'SetMandateAuthorisation' parameters type */
export interface ISetMandateAuthorisationParams {
  expiresAt: DateOrString;
  id: string;
  merchantId: string;
  url: string;
}

/** 'SetMandateAuthorisation' return type */
export interface ISetMandateAuthorisationResult {
  authorisationExpiresAt: Date | null;
  authorisationUrl: string | null;
  consentExpected: boolean;
  controls: Json | null;
  createdAt: Date;
  currency: string;
  customerId: string;
  description: string;
  frequency: string;
  id: string;
  mandateRequestId: string | null;
  maximumAmountMinor: string;
  merchantId: string;
  metadata: Json;
  revocationReason: string | null;
  revokedAt: Date | null;
  revokedBy: string | null;
  status: string;
  suspendedAt: Date | null;
  suspensionReason: string | null;
  version: string;
  vrpType: string;
}

/** 'SetMandateAuthorisation' query type */
export interface ISetMandateAuthorisationQuery {
  params: ISetMandateAuthorisationParams;
  result: ISetMandateAuthorisationResult;
}

const setMandateAuthorisationIR: any = {"usedParamSet":{"url":true,"expiresAt":true,"id":true,"merchantId":true},"params":[{"name":"url","required":true,"transform":{"type":"scalar"},"locs":[{"a":50,"b":54}]},{"name":"expiresAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":84,"b":94}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":110,"b":113}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":135,"b":146}]}],"statement":"UPDATE mandate.mandates m SET authorisation_url = :url!, authorisation_expires_at = :expiresAt!\n WHERE m.id = :id! AND m.merchant_id = :merchantId! AND m.status = 'pending_sca' AND m.authorisation_url IS NULL\nRETURNING m.id, m.merchant_id AS \"merchantId\", m.customer_id AS \"customerId\", m.status, m.description, m.metadata,\n       m.maximum_amount_minor AS \"maximumAmountMinor\", m.currency, m.frequency, m.created_at AS \"createdAt\",\n       m.revoked_at AS \"revokedAt\", m.revoked_by AS \"revokedBy\", m.suspended_at AS \"suspendedAt\", m.revocation_reason AS \"revocationReason\",\n       m.suspension_reason AS \"suspensionReason\", m.vrp_type AS \"vrpType\", m.controls, m.version, m.mandate_request_id AS \"mandateRequestId\",\n       m.authorisation_url AS \"authorisationUrl\", m.authorisation_expires_at AS \"authorisationExpiresAt\", m.consent_expected AS \"consentExpected\""};

/**
 * Query generated from SQL:
 * ```
 * UPDATE mandate.mandates m SET authorisation_url = :url!, authorisation_expires_at = :expiresAt!
 *  WHERE m.id = :id! AND m.merchant_id = :merchantId! AND m.status = 'pending_sca' AND m.authorisation_url IS NULL
 * RETURNING m.id, m.merchant_id AS "merchantId", m.customer_id AS "customerId", m.status, m.description, m.metadata,
 *        m.maximum_amount_minor AS "maximumAmountMinor", m.currency, m.frequency, m.created_at AS "createdAt",
 *        m.revoked_at AS "revokedAt", m.revoked_by AS "revokedBy", m.suspended_at AS "suspendedAt", m.revocation_reason AS "revocationReason",
 *        m.suspension_reason AS "suspensionReason", m.vrp_type AS "vrpType", m.controls, m.version, m.mandate_request_id AS "mandateRequestId",
 *        m.authorisation_url AS "authorisationUrl", m.authorisation_expires_at AS "authorisationExpiresAt", m.consent_expected AS "consentExpected"
 * ```
 */
export const setMandateAuthorisation = new PreparedQuery<ISetMandateAuthorisationParams,ISetMandateAuthorisationResult>(setMandateAuthorisationIR);


/** 'ApplyMandateChange' parameters type */
export interface IApplyMandateChangeParams {
  from: stringArray;
  id: string;
  merchantId: string;
  revocationReason?: string | null | void;
  revokedAt?: DateOrString | null | void;
  revokedBy?: string | null | void;
  status: string;
  suspendedAt?: DateOrString | null | void;
  suspensionReason?: string | null | void;
}

/** 'ApplyMandateChange' return type */
export interface IApplyMandateChangeResult {
  authorisationExpiresAt: Date | null;
  authorisationUrl: string | null;
  consentExpected: boolean;
  controls: Json | null;
  createdAt: Date;
  currency: string;
  customerId: string;
  description: string;
  frequency: string;
  id: string;
  mandateRequestId: string | null;
  maximumAmountMinor: string;
  merchantId: string;
  metadata: Json;
  revocationReason: string | null;
  revokedAt: Date | null;
  revokedBy: string | null;
  status: string;
  suspendedAt: Date | null;
  suspensionReason: string | null;
  version: string;
  vrpType: string;
}

/** 'ApplyMandateChange' query type */
export interface IApplyMandateChangeQuery {
  params: IApplyMandateChangeParams;
  result: IApplyMandateChangeResult;
}

const applyMandateChangeIR: any = {"usedParamSet":{"status":true,"revokedAt":true,"revokedBy":true,"suspendedAt":true,"revocationReason":true,"suspensionReason":true,"id":true,"merchantId":true,"from":true},"params":[{"name":"status","required":true,"transform":{"type":"scalar"},"locs":[{"a":39,"b":46}]},{"name":"revokedAt","required":false,"transform":{"type":"scalar"},"locs":[{"a":62,"b":71}]},{"name":"revokedBy","required":false,"transform":{"type":"scalar"},"locs":[{"a":87,"b":96}]},{"name":"suspendedAt","required":false,"transform":{"type":"scalar"},"locs":[{"a":114,"b":125}]},{"name":"revocationReason","required":false,"transform":{"type":"scalar"},"locs":[{"a":155,"b":171}]},{"name":"suspensionReason","required":false,"transform":{"type":"scalar"},"locs":[{"a":194,"b":210}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":251,"b":254}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":276,"b":287}]},{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":308,"b":313}]}],"statement":"UPDATE mandate.mandates m SET status = :status!, revoked_at = :revokedAt, revoked_by = :revokedBy, suspended_at = :suspendedAt,\n       revocation_reason = :revocationReason, suspension_reason = :suspensionReason, version = m.version + 1\n WHERE m.id = :id! AND m.merchant_id = :merchantId! AND m.status = ANY(:from!::text[])\nRETURNING m.id, m.merchant_id AS \"merchantId\", m.customer_id AS \"customerId\", m.status, m.description, m.metadata,\n       m.maximum_amount_minor AS \"maximumAmountMinor\", m.currency, m.frequency, m.created_at AS \"createdAt\",\n       m.revoked_at AS \"revokedAt\", m.revoked_by AS \"revokedBy\", m.suspended_at AS \"suspendedAt\", m.revocation_reason AS \"revocationReason\",\n       m.suspension_reason AS \"suspensionReason\", m.vrp_type AS \"vrpType\", m.controls, m.version, m.mandate_request_id AS \"mandateRequestId\",\n       m.authorisation_url AS \"authorisationUrl\", m.authorisation_expires_at AS \"authorisationExpiresAt\", m.consent_expected AS \"consentExpected\""};

/**
 * Query generated from SQL:
 * ```
 * UPDATE mandate.mandates m SET status = :status!, revoked_at = :revokedAt, revoked_by = :revokedBy, suspended_at = :suspendedAt,
 *        revocation_reason = :revocationReason, suspension_reason = :suspensionReason, version = m.version + 1
 *  WHERE m.id = :id! AND m.merchant_id = :merchantId! AND m.status = ANY(:from!::text[])
 * RETURNING m.id, m.merchant_id AS "merchantId", m.customer_id AS "customerId", m.status, m.description, m.metadata,
 *        m.maximum_amount_minor AS "maximumAmountMinor", m.currency, m.frequency, m.created_at AS "createdAt",
 *        m.revoked_at AS "revokedAt", m.revoked_by AS "revokedBy", m.suspended_at AS "suspendedAt", m.revocation_reason AS "revocationReason",
 *        m.suspension_reason AS "suspensionReason", m.vrp_type AS "vrpType", m.controls, m.version, m.mandate_request_id AS "mandateRequestId",
 *        m.authorisation_url AS "authorisationUrl", m.authorisation_expires_at AS "authorisationExpiresAt", m.consent_expected AS "consentExpected"
 * ```
 */
export const applyMandateChange = new PreparedQuery<IApplyMandateChangeParams,IApplyMandateChangeResult>(applyMandateChangeIR);


/** 'RaiseVersion' parameters type */
export interface IRaiseVersionParams {
  from: stringArray;
  id: string;
  merchantId: string;
}

/** 'RaiseVersion' return type */
export interface IRaiseVersionResult {
  version: string;
}

/** 'RaiseVersion' query type */
export interface IRaiseVersionQuery {
  params: IRaiseVersionParams;
  result: IRaiseVersionResult;
}

const raiseVersionIR: any = {"usedParamSet":{"id":true,"merchantId":true,"from":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":68,"b":71}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":93,"b":104}]},{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":125,"b":130}]}],"statement":"UPDATE mandate.mandates m SET version = m.version + 1\n WHERE m.id = :id! AND m.merchant_id = :merchantId! AND m.status = ANY(:from!::text[])\nRETURNING m.version"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE mandate.mandates m SET version = m.version + 1
 *  WHERE m.id = :id! AND m.merchant_id = :merchantId! AND m.status = ANY(:from!::text[])
 * RETURNING m.version
 * ```
 */
export const raiseVersion = new PreparedQuery<IRaiseVersionParams,IRaiseVersionResult>(raiseVersionIR);


/** 'PendingCreatedBefore' parameters type */
export interface IPendingCreatedBeforeParams {
  cutoff: DateOrString;
  limit: NumberOrString;
}

/** 'PendingCreatedBefore' return type */
export interface IPendingCreatedBeforeResult {
  id: string;
  merchantId: string;
}

/** 'PendingCreatedBefore' query type */
export interface IPendingCreatedBeforeQuery {
  params: IPendingCreatedBeforeParams;
  result: IPendingCreatedBeforeResult;
}

const pendingCreatedBeforeIR: any = {"usedParamSet":{"cutoff":true,"limit":true},"params":[{"name":"cutoff","required":true,"transform":{"type":"scalar"},"locs":[{"a":190,"b":197}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":367,"b":373}]}],"statement":"SELECT m.id, m.merchant_id AS \"merchantId\" FROM mandate.mandates m\n  LEFT JOIN mandate.merchant_clocks c ON c.merchant_id = m.merchant_id\n WHERE m.status = 'pending_sca' AND m.created_at <= :cutoff!::timestamptz + make_interval(secs => coalesce(c.offset_ms, 0) / 1000.0)\n   AND (NOT m.consent_expected OR m.authorisation_url IS NOT NULL)\n ORDER BY m.created_at LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT m.id, m.merchant_id AS "merchantId" FROM mandate.mandates m
 *   LEFT JOIN mandate.merchant_clocks c ON c.merchant_id = m.merchant_id
 *  WHERE m.status = 'pending_sca' AND m.created_at <= :cutoff!::timestamptz + make_interval(secs => coalesce(c.offset_ms, 0) / 1000.0)
 *    AND (NOT m.consent_expected OR m.authorisation_url IS NOT NULL)
 *  ORDER BY m.created_at LIMIT :limit!
 * ```
 */
export const pendingCreatedBefore = new PreparedQuery<IPendingCreatedBeforeParams,IPendingCreatedBeforeResult>(pendingCreatedBeforeIR);


/** 'ChangePendingCreatedBefore' parameters type */
export interface IChangePendingCreatedBeforeParams {
  cutoff: DateOrString;
  ids?: stringArray | null | void;
  limit: NumberOrString;
  revokedAt?: DateOrString | null | void;
  revokedBy?: string | null | void;
  status: string;
  suspendedAt?: DateOrString | null | void;
}

/** 'ChangePendingCreatedBefore' return type */
export interface IChangePendingCreatedBeforeResult {
  authorisationExpiresAt: Date | null;
  authorisationUrl: string | null;
  consentExpected: boolean;
  controls: Json | null;
  createdAt: Date;
  currency: string;
  customerId: string;
  description: string;
  frequency: string;
  id: string;
  mandateRequestId: string | null;
  maximumAmountMinor: string;
  merchantId: string;
  metadata: Json;
  revocationReason: string | null;
  revokedAt: Date | null;
  revokedBy: string | null;
  status: string;
  suspendedAt: Date | null;
  suspensionReason: string | null;
  version: string;
  vrpType: string;
}

/** 'ChangePendingCreatedBefore' query type */
export interface IChangePendingCreatedBeforeQuery {
  params: IChangePendingCreatedBeforeParams;
  result: IChangePendingCreatedBeforeResult;
}

const changePendingCreatedBeforeIR: any = {"usedParamSet":{"cutoff":true,"ids":true,"limit":true,"status":true,"revokedAt":true,"revokedBy":true,"suspendedAt":true},"params":[{"name":"cutoff","required":true,"transform":{"type":"scalar"},"locs":[{"a":179,"b":186}]},{"name":"ids","required":false,"transform":{"type":"scalar"},"locs":[{"a":334,"b":337},{"a":369,"b":372}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":415,"b":421}]},{"name":"status","required":true,"transform":{"type":"scalar"},"locs":[{"a":491,"b":498}]},{"name":"revokedAt","required":false,"transform":{"type":"scalar"},"locs":[{"a":514,"b":523}]},{"name":"revokedBy","required":false,"transform":{"type":"scalar"},"locs":[{"a":539,"b":548}]},{"name":"suspendedAt","required":false,"transform":{"type":"scalar"},"locs":[{"a":566,"b":577}]}],"statement":"WITH due AS (\n  SELECT m.id FROM mandate.mandates m\n    LEFT JOIN mandate.merchant_clocks c ON c.merchant_id = m.merchant_id\n   WHERE m.status = 'pending_sca' AND m.created_at <= :cutoff!::timestamptz + make_interval(secs => coalesce(c.offset_ms, 0) / 1000.0)\n     AND (NOT m.consent_expected OR m.authorisation_url IS NOT NULL) AND (:ids::text[] IS NULL OR m.id = ANY(:ids::text[]))\n   ORDER BY m.created_at LIMIT :limit! FOR UPDATE OF m SKIP LOCKED)\nUPDATE mandate.mandates m SET status = :status!, revoked_at = :revokedAt, revoked_by = :revokedBy, suspended_at = :suspendedAt, version = m.version + 1\n  FROM due WHERE m.id = due.id AND m.status = 'pending_sca'\nRETURNING m.id, m.merchant_id AS \"merchantId\", m.customer_id AS \"customerId\", m.status, m.description, m.metadata,\n       m.maximum_amount_minor AS \"maximumAmountMinor\", m.currency, m.frequency, m.created_at AS \"createdAt\",\n       m.revoked_at AS \"revokedAt\", m.revoked_by AS \"revokedBy\", m.suspended_at AS \"suspendedAt\", m.revocation_reason AS \"revocationReason\",\n       m.suspension_reason AS \"suspensionReason\", m.vrp_type AS \"vrpType\", m.controls, m.version, m.mandate_request_id AS \"mandateRequestId\",\n       m.authorisation_url AS \"authorisationUrl\", m.authorisation_expires_at AS \"authorisationExpiresAt\", m.consent_expected AS \"consentExpected\""};

/**
 * Query generated from SQL:
 * ```
 * WITH due AS (
 *   SELECT m.id FROM mandate.mandates m
 *     LEFT JOIN mandate.merchant_clocks c ON c.merchant_id = m.merchant_id
 *    WHERE m.status = 'pending_sca' AND m.created_at <= :cutoff!::timestamptz + make_interval(secs => coalesce(c.offset_ms, 0) / 1000.0)
 *      AND (NOT m.consent_expected OR m.authorisation_url IS NOT NULL) AND (:ids::text[] IS NULL OR m.id = ANY(:ids::text[]))
 *    ORDER BY m.created_at LIMIT :limit! FOR UPDATE OF m SKIP LOCKED)
 * UPDATE mandate.mandates m SET status = :status!, revoked_at = :revokedAt, revoked_by = :revokedBy, suspended_at = :suspendedAt, version = m.version + 1
 *   FROM due WHERE m.id = due.id AND m.status = 'pending_sca'
 * RETURNING m.id, m.merchant_id AS "merchantId", m.customer_id AS "customerId", m.status, m.description, m.metadata,
 *        m.maximum_amount_minor AS "maximumAmountMinor", m.currency, m.frequency, m.created_at AS "createdAt",
 *        m.revoked_at AS "revokedAt", m.revoked_by AS "revokedBy", m.suspended_at AS "suspendedAt", m.revocation_reason AS "revocationReason",
 *        m.suspension_reason AS "suspensionReason", m.vrp_type AS "vrpType", m.controls, m.version, m.mandate_request_id AS "mandateRequestId",
 *        m.authorisation_url AS "authorisationUrl", m.authorisation_expires_at AS "authorisationExpiresAt", m.consent_expected AS "consentExpected"
 * ```
 */
export const changePendingCreatedBefore = new PreparedQuery<IChangePendingCreatedBeforeParams,IChangePendingCreatedBeforeResult>(changePendingCreatedBeforeIR);


/** 'LiveMandatesPastValidTo' parameters type */
export interface ILiveMandatesPastValidToParams {
  limit: NumberOrString;
  now: DateOrString;
}

/** 'LiveMandatesPastValidTo' return type */
export interface ILiveMandatesPastValidToResult {
  id: string;
  merchantId: string;
}

/** 'LiveMandatesPastValidTo' query type */
export interface ILiveMandatesPastValidToQuery {
  params: ILiveMandatesPastValidToParams;
  result: ILiveMandatesPastValidToResult;
}

const liveMandatesPastValidToIR: any = {"usedParamSet":{"now":true,"limit":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":285,"b":289}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":403,"b":409}]}],"statement":"SELECT m.id, m.merchant_id AS \"merchantId\" FROM mandate.mandates m\n  LEFT JOIN mandate.merchant_clocks c ON c.merchant_id = m.merchant_id\n WHERE m.status IN ('pending_sca', 'active', 'suspended') AND m.controls->>'valid_to' IS NOT NULL\n   AND (m.controls->>'valid_to')::timestamptz <= :now!::timestamptz + make_interval(secs => coalesce(c.offset_ms, 0) / 1000.0)\n ORDER BY m.controls->>'valid_to' LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT m.id, m.merchant_id AS "merchantId" FROM mandate.mandates m
 *   LEFT JOIN mandate.merchant_clocks c ON c.merchant_id = m.merchant_id
 *  WHERE m.status IN ('pending_sca', 'active', 'suspended') AND m.controls->>'valid_to' IS NOT NULL
 *    AND (m.controls->>'valid_to')::timestamptz <= :now!::timestamptz + make_interval(secs => coalesce(c.offset_ms, 0) / 1000.0)
 *  ORDER BY m.controls->>'valid_to' LIMIT :limit!
 * ```
 */
export const liveMandatesPastValidTo = new PreparedQuery<ILiveMandatesPastValidToParams,ILiveMandatesPastValidToResult>(liveMandatesPastValidToIR);


