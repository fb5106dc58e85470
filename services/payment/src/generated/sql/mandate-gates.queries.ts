/** Types generated for queries found in "src/db/sql/mandate-gates.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

/** 'CloseMandateGate' parameters type */
export interface ICloseMandateGateParams {
  at: DateOrString;
  mandateId: string;
  merchantId: string;
}

/** 'CloseMandateGate' return type */
export type ICloseMandateGateResult = void;

/** 'CloseMandateGate' query type */
export interface ICloseMandateGateQuery {
  params: ICloseMandateGateParams;
  result: ICloseMandateGateResult;
}

const closeMandateGateIR: any = {"usedParamSet":{"mandateId":true,"merchantId":true,"at":true},"params":[{"name":"mandateId","required":true,"transform":{"type":"scalar"},"locs":[{"a":79,"b":89}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":92,"b":103},{"a":268,"b":279}]},{"name":"at","required":true,"transform":{"type":"scalar"},"locs":[{"a":106,"b":109}]}],"statement":"INSERT INTO payment.mandate_gates (mandate_id, merchant_id, closed_at) VALUES (:mandateId!, :merchantId!, :at!)\nON CONFLICT (mandate_id) DO UPDATE SET closed_at = COALESCE(payment.mandate_gates.closed_at, EXCLUDED.closed_at)\n WHERE payment.mandate_gates.merchant_id = :merchantId!"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO payment.mandate_gates (mandate_id, merchant_id, closed_at) VALUES (:mandateId!, :merchantId!, :at!)
 * ON CONFLICT (mandate_id) DO UPDATE SET closed_at = COALESCE(payment.mandate_gates.closed_at, EXCLUDED.closed_at)
 *  WHERE payment.mandate_gates.merchant_id = :merchantId!
 * ```
 */
export const closeMandateGate = new PreparedQuery<ICloseMandateGateParams,ICloseMandateGateResult>(closeMandateGateIR);


/** 'ReadReplica' parameters type */
export interface IReadReplicaParams {
  mandateId: string;
  merchantId: string;
}

/** 'ReadReplica' return type */
export interface IReadReplicaResult {
  terms: Json;
  version: string;
}

/** 'ReadReplica' query type */
export interface IReadReplicaQuery {
  params: IReadReplicaParams;
  result: IReadReplicaResult;
}

const readReplicaIR: any = {"usedParamSet":{"mandateId":true,"merchantId":true},"params":[{"name":"mandateId","required":true,"transform":{"type":"scalar"},"locs":[{"a":107,"b":117}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":137,"b":148}]}],"statement":"SELECT terms AS \"terms!\", terms_version::text AS \"version!\" FROM payment.mandate_gates\n WHERE mandate_id = :mandateId! AND merchant_id = :merchantId! AND terms IS NOT NULL AND closed_at IS NULL"};

/**
 * Query generated from SQL:
 * ```
 * SELECT terms AS "terms!", terms_version::text AS "version!" FROM payment.mandate_gates
 *  WHERE mandate_id = :mandateId! AND merchant_id = :merchantId! AND terms IS NOT NULL AND closed_at IS NULL
 * ```
 */
export const readReplica = new PreparedQuery<IReadReplicaParams,IReadReplicaResult>(readReplicaIR);


/** 'KeepReplica' parameters type */
export interface IKeepReplicaParams {
  mandateId: string;
  merchantId: string;
  terms: Json;
  version: NumberOrString;
}

/** 'KeepReplica' return type */
export interface IKeepReplicaResult {
  kept: boolean;
}

/** 'KeepReplica' query type */
export interface IKeepReplicaQuery {
  params: IKeepReplicaParams;
  result: IKeepReplicaResult;
}

const keepReplicaIR: any = {"usedParamSet":{"mandateId":true,"merchantId":true,"terms":true,"version":true},"params":[{"name":"mandateId","required":true,"transform":{"type":"scalar"},"locs":[{"a":95,"b":105}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":108,"b":119}]},{"name":"terms","required":true,"transform":{"type":"scalar"},"locs":[{"a":122,"b":128}]},{"name":"version","required":true,"transform":{"type":"scalar"},"locs":[{"a":138,"b":146}]}],"statement":"INSERT INTO payment.mandate_gates AS g (mandate_id, merchant_id, terms, terms_version) VALUES (:mandateId!, :merchantId!, :terms!::jsonb, :version!::bigint)\nON CONFLICT (mandate_id) DO UPDATE SET terms = EXCLUDED.terms, terms_version = EXCLUDED.terms_version\n WHERE g.merchant_id = EXCLUDED.merchant_id AND g.closed_at IS NULL AND g.fence < EXCLUDED.terms_version\n   AND (g.terms_version IS NULL OR g.terms_version < EXCLUDED.terms_version)\nRETURNING true AS \"kept!\""};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO payment.mandate_gates AS g (mandate_id, merchant_id, terms, terms_version) VALUES (:mandateId!, :merchantId!, :terms!::jsonb, :version!::bigint)
 * ON CONFLICT (mandate_id) DO UPDATE SET terms = EXCLUDED.terms, terms_version = EXCLUDED.terms_version
 *  WHERE g.merchant_id = EXCLUDED.merchant_id AND g.closed_at IS NULL AND g.fence < EXCLUDED.terms_version
 *    AND (g.terms_version IS NULL OR g.terms_version < EXCLUDED.terms_version)
 * RETURNING true AS "kept!"
 * ```
 */
export const keepReplica = new PreparedQuery<IKeepReplicaParams,IKeepReplicaResult>(keepReplicaIR);


/** 'FenceReplica' parameters type */
export interface IFenceReplicaParams {
  closedAt?: DateOrString | null | void;
  mandateId: string;
  merchantId: string;
  version: NumberOrString;
}

/** 'FenceReplica' return type */
export type IFenceReplicaResult = void;

/** 'FenceReplica' query type */
export interface IFenceReplicaQuery {
  params: IFenceReplicaParams;
  result: IFenceReplicaResult;
}

const fenceReplicaIR: any = {"usedParamSet":{"mandateId":true,"merchantId":true,"version":true,"closedAt":true},"params":[{"name":"mandateId","required":true,"transform":{"type":"scalar"},"locs":[{"a":91,"b":101}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":104,"b":115}]},{"name":"version","required":true,"transform":{"type":"scalar"},"locs":[{"a":118,"b":126}]},{"name":"closedAt","required":false,"transform":{"type":"scalar"},"locs":[{"a":137,"b":145}]}],"statement":"INSERT INTO payment.mandate_gates AS g (mandate_id, merchant_id, fence, closed_at) VALUES (:mandateId!, :merchantId!, :version!::bigint, :closedAt)\nON CONFLICT (mandate_id) DO UPDATE SET terms = NULL, terms_version = NULL, fence = GREATEST(g.fence, EXCLUDED.fence),\n  closed_at = COALESCE(g.closed_at, EXCLUDED.closed_at)\n WHERE g.merchant_id = EXCLUDED.merchant_id"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO payment.mandate_gates AS g (mandate_id, merchant_id, fence, closed_at) VALUES (:mandateId!, :merchantId!, :version!::bigint, :closedAt)
 * ON CONFLICT (mandate_id) DO UPDATE SET terms = NULL, terms_version = NULL, fence = GREATEST(g.fence, EXCLUDED.fence),
 *   closed_at = COALESCE(g.closed_at, EXCLUDED.closed_at)
 *  WHERE g.merchant_id = EXCLUDED.merchant_id
 * ```
 */
export const fenceReplica = new PreparedQuery<IFenceReplicaParams,IFenceReplicaResult>(fenceReplicaIR);


