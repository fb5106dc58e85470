/** Types generated for queries found in "src/db/sql/endpoints.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type stringArray = (string)[];

/** 'FindEndpoint' parameters type */
export interface IFindEndpointParams {
  id: string;
  merchantId: string;
}

/** 'FindEndpoint' return type */
export interface IFindEndpointResult {
  createdAt: Date;
  deletedAt: Date | null;
  description: string;
  disabledAt: Date | null;
  disabledReason: string | null;
  enabledEvents: stringArray;
  failingSince: Date | null;
  id: string;
  merchantId: string;
  previousSecrets: Json;
  rateLimitPerSecond: number | null;
  rateNextAt: Date | null;
  secretCiphertext: string;
  secretRotatedAt: Date;
  signatureScheme: string;
  status: string;
  url: string;
}

/** 'FindEndpoint' query type */
export interface IFindEndpointQuery {
  params: IFindEndpointParams;
  result: IFindEndpointResult;
}

const findEndpointIR: any = {"usedParamSet":{"merchantId":true,"id":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":581,"b":592}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":605,"b":608}]}],"statement":"SELECT e.id, e.merchant_id AS \"merchantId\", e.url, e.description, e.enabled_events AS \"enabledEvents!\", e.status,\n  e.created_at AS \"createdAt\", e.disabled_at AS \"disabledAt\", e.secret_ciphertext AS \"secretCiphertext\",\n  e.secret_rotated_at AS \"secretRotatedAt\", e.previous_secrets AS \"previousSecrets\", e.deleted_at AS \"deletedAt\",\n  e.disabled_reason AS \"disabledReason\", e.failing_since AS \"failingSince\", e.signature_scheme AS \"signatureScheme\",\n  e.rate_limit_per_second AS \"rateLimitPerSecond\", e.rate_next_at AS \"rateNextAt\"\n  FROM webhook.endpoints e WHERE e.merchant_id = :merchantId! AND e.id = :id! AND e.deleted_at IS NULL"};

/**
 * Query generated from SQL:
 * ```
 * SELECT e.id, e.merchant_id AS "merchantId", e.url, e.description, e.enabled_events AS "enabledEvents!", e.status,
 *   e.created_at AS "createdAt", e.disabled_at AS "disabledAt", e.secret_ciphertext AS "secretCiphertext",
 *   e.secret_rotated_at AS "secretRotatedAt", e.previous_secrets AS "previousSecrets", e.deleted_at AS "deletedAt",
 *   e.disabled_reason AS "disabledReason", e.failing_since AS "failingSince", e.signature_scheme AS "signatureScheme",
 *   e.rate_limit_per_second AS "rateLimitPerSecond", e.rate_next_at AS "rateNextAt"
 *   FROM webhook.endpoints e WHERE e.merchant_id = :merchantId! AND e.id = :id! AND e.deleted_at IS NULL
 * ```
 */
export const findEndpoint = new PreparedQuery<IFindEndpointParams,IFindEndpointResult>(findEndpointIR);


/** 'SubscribedEndpoints' parameters type */
export interface ISubscribedEndpointsParams {
  merchantId: string;
  subscriptions: stringArray;
}

/** 'SubscribedEndpoints' return type */
export interface ISubscribedEndpointsResult {
  createdAt: Date;
  deletedAt: Date | null;
  description: string;
  disabledAt: Date | null;
  disabledReason: string | null;
  enabledEvents: stringArray;
  failingSince: Date | null;
  id: string;
  merchantId: string;
  previousSecrets: Json;
  rateLimitPerSecond: number | null;
  rateNextAt: Date | null;
  secretCiphertext: string;
  secretRotatedAt: Date;
  signatureScheme: string;
  status: string;
  url: string;
}

/** 'SubscribedEndpoints' query type */
export interface ISubscribedEndpointsQuery {
  params: ISubscribedEndpointsParams;
  result: ISubscribedEndpointsResult;
}

const subscribedEndpointsIR: any = {"usedParamSet":{"merchantId":true,"subscriptions":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":582,"b":593}]},{"name":"subscriptions","required":true,"transform":{"type":"scalar"},"locs":[{"a":710,"b":724}]}],"statement":"SELECT e.id, e.merchant_id AS \"merchantId\", e.url, e.description, e.enabled_events AS \"enabledEvents!\", e.status,\n  e.created_at AS \"createdAt\", e.disabled_at AS \"disabledAt\", e.secret_ciphertext AS \"secretCiphertext\",\n  e.secret_rotated_at AS \"secretRotatedAt\", e.previous_secrets AS \"previousSecrets\", e.deleted_at AS \"deletedAt\",\n  e.disabled_reason AS \"disabledReason\", e.failing_since AS \"failingSince\", e.signature_scheme AS \"signatureScheme\",\n  e.rate_limit_per_second AS \"rateLimitPerSecond\", e.rate_next_at AS \"rateNextAt\"\n  FROM webhook.endpoints e\n WHERE e.merchant_id = :merchantId! AND e.status = 'enabled' AND e.deleted_at IS NULL\n   AND (cardinality(e.enabled_events) = 0 OR e.enabled_events && :subscriptions!::text[])\n ORDER BY e.id"};

/**
 * Query generated from SQL:
 * ```
 * SELECT e.id, e.merchant_id AS "merchantId", e.url, e.description, e.enabled_events AS "enabledEvents!", e.status,
 *   e.created_at AS "createdAt", e.disabled_at AS "disabledAt", e.secret_ciphertext AS "secretCiphertext",
 *   e.secret_rotated_at AS "secretRotatedAt", e.previous_secrets AS "previousSecrets", e.deleted_at AS "deletedAt",
 *   e.disabled_reason AS "disabledReason", e.failing_since AS "failingSince", e.signature_scheme AS "signatureScheme",
 *   e.rate_limit_per_second AS "rateLimitPerSecond", e.rate_next_at AS "rateNextAt"
 *   FROM webhook.endpoints e
 *  WHERE e.merchant_id = :merchantId! AND e.status = 'enabled' AND e.deleted_at IS NULL
 *    AND (cardinality(e.enabled_events) = 0 OR e.enabled_events && :subscriptions!::text[])
 *  ORDER BY e.id
 * ```
 */
export const subscribedEndpoints = new PreparedQuery<ISubscribedEndpointsParams,ISubscribedEndpointsResult>(subscribedEndpointsIR);


/** 'RecordEndpointHealth' parameters type */
export interface IRecordEndpointHealthParams {
  at: DateOrString;
  endpointId: string;
  failingBefore: DateOrString;
  gone: boolean;
  success: boolean;
}

/** 'RecordEndpointHealth' return type */
export interface IRecordEndpointHealthResult {
  disabledReason: string | null;
}

/** 'RecordEndpointHealth' query type */
export interface IRecordEndpointHealthQuery {
  params: IRecordEndpointHealthParams;
  result: IRecordEndpointHealthResult;
}

const recordEndpointHealthIR: any = {"usedParamSet":{"endpointId":true,"success":true,"gone":true,"at":true,"failingBefore":true},"params":[{"name":"endpointId","required":true,"transform":{"type":"scalar"},"locs":[{"a":68,"b":79}]},{"name":"success","required":true,"transform":{"type":"scalar"},"locs":[{"a":164,"b":172},{"a":510,"b":518}]},{"name":"gone","required":true,"transform":{"type":"scalar"},"locs":[{"a":237,"b":242}]},{"name":"at","required":true,"transform":{"type":"scalar"},"locs":[{"a":310,"b":313},{"a":570,"b":573},{"a":808,"b":811}]},{"name":"failingBefore","required":true,"transform":{"type":"scalar"},"locs":[{"a":332,"b":346}]}],"statement":"WITH before AS (SELECT id, status FROM webhook.endpoints WHERE id = :endpointId! AND deleted_at IS NULL FOR UPDATE),\nverdict AS (\n  SELECT e.id,\n         CASE WHEN :success!::boolean OR b.status <> 'enabled' THEN NULL\n              WHEN :gone!::boolean THEN 'gone'\n              WHEN COALESCE(e.failing_since, :at!::timestamptz) <= :failingBefore!::timestamptz THEN 'failing' END AS reason\n    FROM webhook.endpoints e JOIN before b ON b.id = e.id\n)\nUPDATE webhook.endpoints e\n   SET failing_since = CASE WHEN :success!::boolean THEN NULL ELSE COALESCE(e.failing_since, :at!::timestamptz) END,\n       status = CASE WHEN v.reason IS NULL THEN e.status ELSE 'disabled' END,\n       disabled_reason = COALESCE(v.reason, e.disabled_reason),\n       disabled_at = CASE WHEN v.reason IS NULL THEN e.disabled_at ELSE :at!::timestamptz END\n  FROM verdict v WHERE v.id = e.id\nRETURNING v.reason AS \"disabledReason\""};

/**
 * Query generated from SQL:
 * ```
 * WITH before AS (SELECT id, status FROM webhook.endpoints WHERE id = :endpointId! AND deleted_at IS NULL FOR UPDATE),
 * verdict AS (
 *   SELECT e.id,
 *          CASE WHEN :success!::boolean OR b.status <> 'enabled' THEN NULL
 *               WHEN :gone!::boolean THEN 'gone'
 *               WHEN COALESCE(e.failing_since, :at!::timestamptz) <= :failingBefore!::timestamptz THEN 'failing' END AS reason
 *     FROM webhook.endpoints e JOIN before b ON b.id = e.id
 * )
 * UPDATE webhook.endpoints e
 *    SET failing_since = CASE WHEN :success!::boolean THEN NULL ELSE COALESCE(e.failing_since, :at!::timestamptz) END,
 *        status = CASE WHEN v.reason IS NULL THEN e.status ELSE 'disabled' END,
 *        disabled_reason = COALESCE(v.reason, e.disabled_reason),
 *        disabled_at = CASE WHEN v.reason IS NULL THEN e.disabled_at ELSE :at!::timestamptz END
 *   FROM verdict v WHERE v.id = e.id
 * RETURNING v.reason AS "disabledReason"
 * ```
 */
export const recordEndpointHealth = new PreparedQuery<IRecordEndpointHealthParams,IRecordEndpointHealthResult>(recordEndpointHealthIR);


/** 'RotateSecret' parameters type */
export interface IRotateSecretParams {
  at: DateOrString;
  id: string;
  merchantId: string;
  overlapUntil: DateOrString;
  sealed: string;
}

/** 'RotateSecret' return type */
export interface IRotateSecretResult {
  id: string;
}

/** 'RotateSecret' query type */
export interface IRotateSecretQuery {
  params: IRotateSecretParams;
  result: IRotateSecretResult;
}

const rotateSecretIR: any = {"usedParamSet":{"at":true,"overlapUntil":true,"sealed":true,"merchantId":true,"id":true},"params":[{"name":"at","required":true,"transform":{"type":"scalar"},"locs":[{"a":178,"b":181},{"a":413,"b":416}]},{"name":"overlapUntil","required":true,"transform":{"type":"scalar"},"locs":[{"a":317,"b":330}]},{"name":"sealed","required":true,"transform":{"type":"scalar"},"locs":[{"a":376,"b":383}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":452,"b":463}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":474,"b":477}]}],"statement":"UPDATE webhook.endpoints\n   SET previous_secrets = COALESCE(\n         (SELECT jsonb_agg(p) FROM jsonb_array_elements(previous_secrets) p WHERE (p->>'valid_until')::timestamptz > :at!::timestamptz),\n         '[]'::jsonb) || jsonb_build_array(jsonb_build_object('ciphertext', secret_ciphertext, 'valid_until', to_jsonb(:overlapUntil!::timestamptz))),\n       secret_ciphertext = :sealed!,\n       secret_rotated_at = :at!::timestamptz\n WHERE merchant_id = :merchantId! AND id = :id! AND deleted_at IS NULL\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE webhook.endpoints
 *    SET previous_secrets = COALESCE(
 *          (SELECT jsonb_agg(p) FROM jsonb_array_elements(previous_secrets) p WHERE (p->>'valid_until')::timestamptz > :at!::timestamptz),
 *          '[]'::jsonb) || jsonb_build_array(jsonb_build_object('ciphertext', secret_ciphertext, 'valid_until', to_jsonb(:overlapUntil!::timestamptz))),
 *        secret_ciphertext = :sealed!,
 *        secret_rotated_at = :at!::timestamptz
 *  WHERE merchant_id = :merchantId! AND id = :id! AND deleted_at IS NULL
 * RETURNING id
 * ```
 */
export const rotateSecret = new PreparedQuery<IRotateSecretParams,IRotateSecretResult>(rotateSecretIR);


/** 'InsertEndpoint' parameters type */
export interface IInsertEndpointParams {
  at: DateOrString;
  description: string;
  enabledEvents: stringArray;
  id: string;
  merchantId: string;
  rateLimitPerSecond?: number | null | void;
  secretCiphertext: string;
  signatureScheme: string;
  url: string;
}

/** 'InsertEndpoint' return type */
export type IInsertEndpointResult = void;

/** 'InsertEndpoint' query type */
export interface IInsertEndpointQuery {
  params: IInsertEndpointParams;
  result: IInsertEndpointResult;
}

const insertEndpointIR: any = {"usedParamSet":{"id":true,"merchantId":true,"url":true,"description":true,"enabledEvents":true,"at":true,"secretCiphertext":true,"signatureScheme":true,"rateLimitPerSecond":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":181,"b":184}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":187,"b":198}]},{"name":"url","required":true,"transform":{"type":"scalar"},"locs":[{"a":201,"b":205}]},{"name":"description","required":true,"transform":{"type":"scalar"},"locs":[{"a":208,"b":220}]},{"name":"enabledEvents","required":true,"transform":{"type":"scalar"},"locs":[{"a":223,"b":237}]},{"name":"at","required":true,"transform":{"type":"scalar"},"locs":[{"a":248,"b":251},{"a":274,"b":277}]},{"name":"secretCiphertext","required":true,"transform":{"type":"scalar"},"locs":[{"a":254,"b":271}]},{"name":"signatureScheme","required":true,"transform":{"type":"scalar"},"locs":[{"a":280,"b":296}]},{"name":"rateLimitPerSecond","required":false,"transform":{"type":"scalar"},"locs":[{"a":299,"b":317}]}],"statement":"INSERT INTO webhook.endpoints (id, merchant_id, url, description, enabled_events, created_at, secret_ciphertext, secret_rotated_at, signature_scheme, rate_limit_per_second)\nVALUES (:id!, :merchantId!, :url!, :description!, :enabledEvents!::text[], :at!, :secretCiphertext!, :at!, :signatureScheme!, :rateLimitPerSecond)"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO webhook.endpoints (id, merchant_id, url, description, enabled_events, created_at, secret_ciphertext, secret_rotated_at, signature_scheme, rate_limit_per_second)
 * VALUES (:id!, :merchantId!, :url!, :description!, :enabledEvents!::text[], :at!, :secretCiphertext!, :at!, :signatureScheme!, :rateLimitPerSecond)
 * ```
 */
export const insertEndpoint = new PreparedQuery<IInsertEndpointParams,IInsertEndpointResult>(insertEndpointIR);


/** 'UpdateEndpointSettings' parameters type */
export interface IUpdateEndpointSettingsParams {
  description?: string | null | void;
  enabledEvents?: stringArray | null | void;
  id: string;
  merchantId: string;
  rateLimitPerSecond?: number | null | void;
  setRateLimit: boolean;
  url?: string | null | void;
}

/** 'UpdateEndpointSettings' return type */
export interface IUpdateEndpointSettingsResult {
  id: string;
}

/** 'UpdateEndpointSettings' query type */
export interface IUpdateEndpointSettingsQuery {
  params: IUpdateEndpointSettingsParams;
  result: IUpdateEndpointSettingsResult;
}

const updateEndpointSettingsIR: any = {"usedParamSet":{"url":true,"description":true,"enabledEvents":true,"setRateLimit":true,"rateLimitPerSecond":true,"merchantId":true,"id":true},"params":[{"name":"url","required":false,"transform":{"type":"scalar"},"locs":[{"a":47,"b":50}]},{"name":"description","required":false,"transform":{"type":"scalar"},"locs":[{"a":82,"b":93}]},{"name":"enabledEvents","required":false,"transform":{"type":"scalar"},"locs":[{"a":136,"b":149}]},{"name":"setRateLimit","required":true,"transform":{"type":"scalar"},"locs":[{"a":218,"b":231}]},{"name":"rateLimitPerSecond","required":false,"transform":{"type":"scalar"},"locs":[{"a":247,"b":265}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":324,"b":335}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":346,"b":349}]}],"statement":"UPDATE webhook.endpoints\n   SET url = COALESCE(:url, url), description = COALESCE(:description, description), enabled_events = COALESCE(:enabledEvents::text[], enabled_events),\n       rate_limit_per_second = CASE WHEN :setRateLimit!::boolean THEN :rateLimitPerSecond::int ELSE rate_limit_per_second END\n WHERE merchant_id = :merchantId! AND id = :id! AND deleted_at IS NULL\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE webhook.endpoints
 *    SET url = COALESCE(:url, url), description = COALESCE(:description, description), enabled_events = COALESCE(:enabledEvents::text[], enabled_events),
 *        rate_limit_per_second = CASE WHEN :setRateLimit!::boolean THEN :rateLimitPerSecond::int ELSE rate_limit_per_second END
 *  WHERE merchant_id = :merchantId! AND id = :id! AND deleted_at IS NULL
 * RETURNING id
 * ```
 */
export const updateEndpointSettings = new PreparedQuery<IUpdateEndpointSettingsParams,IUpdateEndpointSettingsResult>(updateEndpointSettingsIR);


/** 'EnableEndpoint' parameters type */
export interface IEnableEndpointParams {
  id: string;
  merchantId: string;
}

/** 'EnableEndpoint' return type */
export interface IEnableEndpointResult {
  id: string;
}

/** 'EnableEndpoint' query type */
export interface IEnableEndpointQuery {
  params: IEnableEndpointParams;
  result: IEnableEndpointResult;
}

const enableEndpointIR: any = {"usedParamSet":{"merchantId":true,"id":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":135,"b":146}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":157,"b":160}]}],"statement":"UPDATE webhook.endpoints SET status = 'enabled', disabled_reason = NULL, disabled_at = NULL, failing_since = NULL\n WHERE merchant_id = :merchantId! AND id = :id! AND deleted_at IS NULL AND status = 'disabled'\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE webhook.endpoints SET status = 'enabled', disabled_reason = NULL, disabled_at = NULL, failing_since = NULL
 *  WHERE merchant_id = :merchantId! AND id = :id! AND deleted_at IS NULL AND status = 'disabled'
 * RETURNING id
 * ```
 */
export const enableEndpoint = new PreparedQuery<IEnableEndpointParams,IEnableEndpointResult>(enableEndpointIR);


/** 'DisableEndpoint' parameters type */
export interface IDisableEndpointParams {
  at: DateOrString;
  id: string;
  merchantId: string;
}

/** 'DisableEndpoint' return type */
export interface IDisableEndpointResult {
  id: string;
}

/** 'DisableEndpoint' query type */
export interface IDisableEndpointQuery {
  params: IDisableEndpointParams;
  result: IDisableEndpointResult;
}

const disableEndpointIR: any = {"usedParamSet":{"at":true,"merchantId":true,"id":true},"params":[{"name":"at","required":true,"transform":{"type":"scalar"},"locs":[{"a":94,"b":97}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":120,"b":131}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":142,"b":145}]}],"statement":"UPDATE webhook.endpoints SET status = 'disabled', disabled_reason = 'merchant', disabled_at = :at!\n WHERE merchant_id = :merchantId! AND id = :id! AND deleted_at IS NULL AND status = 'enabled'\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE webhook.endpoints SET status = 'disabled', disabled_reason = 'merchant', disabled_at = :at!
 *  WHERE merchant_id = :merchantId! AND id = :id! AND deleted_at IS NULL AND status = 'enabled'
 * RETURNING id
 * ```
 */
export const disableEndpoint = new PreparedQuery<IDisableEndpointParams,IDisableEndpointResult>(disableEndpointIR);


/** 'MarkEndpointDeleted' parameters type */
export interface IMarkEndpointDeletedParams {
  at: DateOrString;
  id: string;
  merchantId: string;
}

/** 'MarkEndpointDeleted' return type */
export interface IMarkEndpointDeletedResult {
  id: string;
}

/** 'MarkEndpointDeleted' query type */
export interface IMarkEndpointDeletedQuery {
  params: IMarkEndpointDeletedParams;
  result: IMarkEndpointDeletedResult;
}

const markEndpointDeletedIR: any = {"usedParamSet":{"at":true,"merchantId":true,"id":true},"params":[{"name":"at","required":true,"transform":{"type":"scalar"},"locs":[{"a":94,"b":97},{"a":113,"b":116}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":139,"b":150}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":161,"b":164}]}],"statement":"UPDATE webhook.endpoints SET status = 'disabled', disabled_reason = 'merchant', disabled_at = :at!, deleted_at = :at!\n WHERE merchant_id = :merchantId! AND id = :id! AND deleted_at IS NULL\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE webhook.endpoints SET status = 'disabled', disabled_reason = 'merchant', disabled_at = :at!, deleted_at = :at!
 *  WHERE merchant_id = :merchantId! AND id = :id! AND deleted_at IS NULL
 * RETURNING id
 * ```
 */
export const markEndpointDeleted = new PreparedQuery<IMarkEndpointDeletedParams,IMarkEndpointDeletedResult>(markEndpointDeletedIR);


