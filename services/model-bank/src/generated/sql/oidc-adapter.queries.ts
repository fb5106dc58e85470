/** Types generated for queries found in "src/db/sql/oidc-adapter.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

/** 'UpsertPayload' parameters type */
export interface IUpsertPayloadParams {
  expiresIn?: NumberOrString | null | void;
  grantId?: string | null | void;
  id: string;
  model: string;
  payload: Json;
  uid?: string | null | void;
  userCode?: string | null | void;
}

/** 'UpsertPayload' return type */
export type IUpsertPayloadResult = void;

/** 'UpsertPayload' query type */
export interface IUpsertPayloadQuery {
  params: IUpsertPayloadParams;
  result: IUpsertPayloadResult;
}

const upsertPayloadIR: any = {"usedParamSet":{"model":true,"id":true,"payload":true,"grantId":true,"uid":true,"userCode":true,"expiresIn":true},"params":[{"name":"model","required":true,"transform":{"type":"scalar"},"locs":[{"a":104,"b":110}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":113,"b":116}]},{"name":"payload","required":true,"transform":{"type":"scalar"},"locs":[{"a":119,"b":127}]},{"name":"grantId","required":false,"transform":{"type":"scalar"},"locs":[{"a":130,"b":137}]},{"name":"uid","required":false,"transform":{"type":"scalar"},"locs":[{"a":140,"b":143}]},{"name":"userCode","required":false,"transform":{"type":"scalar"},"locs":[{"a":146,"b":154}]},{"name":"expiresIn","required":false,"transform":{"type":"scalar"},"locs":[{"a":175,"b":184},{"a":225,"b":234}]}],"statement":"INSERT INTO model_bank.oidc_payloads (model, id, payload, grant_id, uid, user_code, expires_at)\nVALUES (:model!, :id!, :payload!, :grantId, :uid, :userCode,\n        CASE WHEN :expiresIn::bigint IS NULL THEN NULL ELSE now() + :expiresIn::bigint * interval '1 second' END)\nON CONFLICT (model, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id, uid = EXCLUDED.uid,\n  user_code = EXCLUDED.user_code, expires_at = EXCLUDED.expires_at"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO model_bank.oidc_payloads (model, id, payload, grant_id, uid, user_code, expires_at)
 * VALUES (:model!, :id!, :payload!, :grantId, :uid, :userCode,
 *         CASE WHEN :expiresIn::bigint IS NULL THEN NULL ELSE now() + :expiresIn::bigint * interval '1 second' END)
 * ON CONFLICT (model, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id, uid = EXCLUDED.uid,
 *   user_code = EXCLUDED.user_code, expires_at = EXCLUDED.expires_at
 * ```
 */
export const upsertPayload = new PreparedQuery<IUpsertPayloadParams,IUpsertPayloadResult>(upsertPayloadIR);


/** 'FindPayload' parameters type */
export interface IFindPayloadParams {
  model: string;
  value: string;
}

/** 'FindPayload' return type */
export interface IFindPayloadResult {
  consumed: number | null;
  payload: Json;
}

/** 'FindPayload' query type */
export interface IFindPayloadQuery {
  params: IFindPayloadParams;
  result: IFindPayloadResult;
}

const findPayloadIR: any = {"usedParamSet":{"model":true,"value":true},"params":[{"name":"model","required":true,"transform":{"type":"scalar"},"locs":[{"a":110,"b":116}]},{"name":"value","required":true,"transform":{"type":"scalar"},"locs":[{"a":127,"b":133}]}],"statement":"SELECT payload, extract(epoch FROM consumed_at)::int AS consumed FROM model_bank.oidc_payloads\n WHERE model = :model! AND id = :value! AND (expires_at IS NULL OR expires_at > now())"};

/**
 * Query generated from SQL:
 * ```
 * SELECT payload, extract(epoch FROM consumed_at)::int AS consumed FROM model_bank.oidc_payloads
 *  WHERE model = :model! AND id = :value! AND (expires_at IS NULL OR expires_at > now())
 * ```
 */
export const findPayload = new PreparedQuery<IFindPayloadParams,IFindPayloadResult>(findPayloadIR);


/** 'FindPayloadByUid' parameters type */
export interface IFindPayloadByUidParams {
  model: string;
  value: string;
}

/** 'FindPayloadByUid' return type */
export interface IFindPayloadByUidResult {
  consumed: number | null;
  payload: Json;
}

/** 'FindPayloadByUid' query type */
export interface IFindPayloadByUidQuery {
  params: IFindPayloadByUidParams;
  result: IFindPayloadByUidResult;
}

const findPayloadByUidIR: any = {"usedParamSet":{"model":true,"value":true},"params":[{"name":"model","required":true,"transform":{"type":"scalar"},"locs":[{"a":110,"b":116}]},{"name":"value","required":true,"transform":{"type":"scalar"},"locs":[{"a":128,"b":134}]}],"statement":"SELECT payload, extract(epoch FROM consumed_at)::int AS consumed FROM model_bank.oidc_payloads\n WHERE model = :model! AND uid = :value! AND (expires_at IS NULL OR expires_at > now())"};

/**
 * Query generated from SQL:
 * ```
 * SELECT payload, extract(epoch FROM consumed_at)::int AS consumed FROM model_bank.oidc_payloads
 *  WHERE model = :model! AND uid = :value! AND (expires_at IS NULL OR expires_at > now())
 * ```
 */
export const findPayloadByUid = new PreparedQuery<IFindPayloadByUidParams,IFindPayloadByUidResult>(findPayloadByUidIR);


/** 'FindPayloadByUserCode' parameters type */
export interface IFindPayloadByUserCodeParams {
  model: string;
  value: string;
}

/** 'FindPayloadByUserCode' return type */
export interface IFindPayloadByUserCodeResult {
  consumed: number | null;
  payload: Json;
}

/** 'FindPayloadByUserCode' query type */
export interface IFindPayloadByUserCodeQuery {
  params: IFindPayloadByUserCodeParams;
  result: IFindPayloadByUserCodeResult;
}

const findPayloadByUserCodeIR: any = {"usedParamSet":{"model":true,"value":true},"params":[{"name":"model","required":true,"transform":{"type":"scalar"},"locs":[{"a":110,"b":116}]},{"name":"value","required":true,"transform":{"type":"scalar"},"locs":[{"a":134,"b":140}]}],"statement":"SELECT payload, extract(epoch FROM consumed_at)::int AS consumed FROM model_bank.oidc_payloads\n WHERE model = :model! AND user_code = :value! AND (expires_at IS NULL OR expires_at > now())"};

/**
 * Query generated from SQL:
 * ```
 * SELECT payload, extract(epoch FROM consumed_at)::int AS consumed FROM model_bank.oidc_payloads
 *  WHERE model = :model! AND user_code = :value! AND (expires_at IS NULL OR expires_at > now())
 * ```
 */
export const findPayloadByUserCode = new PreparedQuery<IFindPayloadByUserCodeParams,IFindPayloadByUserCodeResult>(findPayloadByUserCodeIR);


/** 'ConsumePayload' parameters type */
export interface IConsumePayloadParams {
  id: string;
  model: string;
}

/** 'ConsumePayload' return type */
export type IConsumePayloadResult = void;

/** 'ConsumePayload' query type */
export interface IConsumePayloadQuery {
  params: IConsumePayloadParams;
  result: IConsumePayloadResult;
}

const consumePayloadIR: any = {"usedParamSet":{"model":true,"id":true},"params":[{"name":"model","required":true,"transform":{"type":"scalar"},"locs":[{"a":70,"b":76}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":87,"b":90}]}],"statement":"UPDATE model_bank.oidc_payloads SET consumed_at = now() WHERE model = :model! AND id = :id! AND consumed_at IS NULL"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE model_bank.oidc_payloads SET consumed_at = now() WHERE model = :model! AND id = :id! AND consumed_at IS NULL
 * ```
 */
export const consumePayload = new PreparedQuery<IConsumePayloadParams,IConsumePayloadResult>(consumePayloadIR);


/** 'DestroyPayload' parameters type */
export interface IDestroyPayloadParams {
  id: string;
  model: string;
}

/** 'DestroyPayload' return type */
export type IDestroyPayloadResult = void;

/** 'DestroyPayload' query type */
export interface IDestroyPayloadQuery {
  params: IDestroyPayloadParams;
  result: IDestroyPayloadResult;
}

const destroyPayloadIR: any = {"usedParamSet":{"model":true,"id":true},"params":[{"name":"model","required":true,"transform":{"type":"scalar"},"locs":[{"a":51,"b":57}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":68,"b":71}]}],"statement":"DELETE FROM model_bank.oidc_payloads WHERE model = :model! AND id = :id!"};

/**
 * Query generated from SQL:
 * ```
 * DELETE FROM model_bank.oidc_payloads WHERE model = :model! AND id = :id!
 * ```
 */
export const destroyPayload = new PreparedQuery<IDestroyPayloadParams,IDestroyPayloadResult>(destroyPayloadIR);


/** 'RevokeModelGrant' parameters type */
export interface IRevokeModelGrantParams {
  grantId: string;
  model: string;
}

/** 'RevokeModelGrant' return type */
export type IRevokeModelGrantResult = void;

/** 'RevokeModelGrant' query type */
export interface IRevokeModelGrantQuery {
  params: IRevokeModelGrantParams;
  result: IRevokeModelGrantResult;
}

const revokeModelGrantIR: any = {"usedParamSet":{"model":true,"grantId":true},"params":[{"name":"model","required":true,"transform":{"type":"scalar"},"locs":[{"a":51,"b":57}]},{"name":"grantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":74,"b":82}]}],"statement":"DELETE FROM model_bank.oidc_payloads WHERE model = :model! AND grant_id = :grantId!"};

/**
 * Query generated from SQL:
 * ```
 * DELETE FROM model_bank.oidc_payloads WHERE model = :model! AND grant_id = :grantId!
 * ```
 */
export const revokeModelGrant = new PreparedQuery<IRevokeModelGrantParams,IRevokeModelGrantResult>(revokeModelGrantIR);


/** 'RevokeGrant' parameters type */
export interface IRevokeGrantParams {
  grantId: string;
}

/** 'RevokeGrant' return type */
export type IRevokeGrantResult = void;

/** 'RevokeGrant' query type */
export interface IRevokeGrantQuery {
  params: IRevokeGrantParams;
  result: IRevokeGrantResult;
}

const revokeGrantIR: any = {"usedParamSet":{"grantId":true},"params":[{"name":"grantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":54,"b":62},{"a":93,"b":101}]}],"statement":"DELETE FROM model_bank.oidc_payloads WHERE grant_id = :grantId! OR (model = 'Grant' AND id = :grantId!)"};

/**
 * Query generated from SQL:
 * ```
 * DELETE FROM model_bank.oidc_payloads WHERE grant_id = :grantId! OR (model = 'Grant' AND id = :grantId!)
 * ```
 */
export const revokeGrant = new PreparedQuery<IRevokeGrantParams,IRevokeGrantResult>(revokeGrantIR);


/** 'DropExpiredPayloads' parameters type */
export type IDropExpiredPayloadsParams = void;

/** 'DropExpiredPayloads' return type */
export type IDropExpiredPayloadsResult = void;

/** 'DropExpiredPayloads' query type */
export interface IDropExpiredPayloadsQuery {
  params: IDropExpiredPayloadsParams;
  result: IDropExpiredPayloadsResult;
}

const dropExpiredPayloadsIR: any = {"usedParamSet":{},"params":[],"statement":"DELETE FROM model_bank.oidc_payloads WHERE expires_at < now() - interval '1 minute'"};

/**
 * Query generated from SQL:
 * ```
 * DELETE FROM model_bank.oidc_payloads WHERE expires_at < now() - interval '1 minute'
 * ```
 */
export const dropExpiredPayloads = new PreparedQuery<IDropExpiredPayloadsParams,IDropExpiredPayloadsResult>(dropExpiredPayloadsIR);


