/** Types generated for queries found in "src/db/sql/audit-log.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

/** 'InsertAuditEntry' parameters type */
export interface IInsertAuditEntryParams {
  action: string;
  actorEmail?: string | null | void;
  actorId?: string | null | void;
  actorType: string;
  at?: DateOrString | null | void;
  details: Json;
  ip?: string | null | void;
  merchantId: string;
  targetId?: string | null | void;
  targetType?: string | null | void;
  userAgent?: string | null | void;
}

/** 'InsertAuditEntry' return type */
export type IInsertAuditEntryResult = void;

/** 'InsertAuditEntry' query type */
export interface IInsertAuditEntryQuery {
  params: IInsertAuditEntryParams;
  result: IInsertAuditEntryResult;
}

const insertAuditEntryIR: any = {"usedParamSet":{"merchantId":true,"actorType":true,"actorId":true,"actorEmail":true,"action":true,"targetType":true,"targetId":true,"details":true,"ip":true,"userAgent":true,"at":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":156,"b":167}]},{"name":"actorType","required":true,"transform":{"type":"scalar"},"locs":[{"a":170,"b":180}]},{"name":"actorId","required":false,"transform":{"type":"scalar"},"locs":[{"a":183,"b":190}]},{"name":"actorEmail","required":false,"transform":{"type":"scalar"},"locs":[{"a":193,"b":203}]},{"name":"action","required":true,"transform":{"type":"scalar"},"locs":[{"a":206,"b":213}]},{"name":"targetType","required":false,"transform":{"type":"scalar"},"locs":[{"a":216,"b":226}]},{"name":"targetId","required":false,"transform":{"type":"scalar"},"locs":[{"a":229,"b":237}]},{"name":"details","required":true,"transform":{"type":"scalar"},"locs":[{"a":240,"b":248}]},{"name":"ip","required":false,"transform":{"type":"scalar"},"locs":[{"a":258,"b":260}]},{"name":"userAgent","required":false,"transform":{"type":"scalar"},"locs":[{"a":263,"b":272}]},{"name":"at","required":false,"transform":{"type":"scalar"},"locs":[{"a":292,"b":294}]}],"statement":"INSERT INTO gateway.audit_log (merchant_id, actor_type, actor_id, actor_email, action, target_type, target_id, details, ip, user_agent, created_at)\nVALUES (:merchantId!, :actorType!, :actorId, :actorEmail, :action!, :targetType, :targetId, :details!::jsonb, :ip, :userAgent,\n        COALESCE(:at::timestamptz, CURRENT_TIMESTAMP))"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO gateway.audit_log (merchant_id, actor_type, actor_id, actor_email, action, target_type, target_id, details, ip, user_agent, created_at)
 * VALUES (:merchantId!, :actorType!, :actorId, :actorEmail, :action!, :targetType, :targetId, :details!::jsonb, :ip, :userAgent,
 *         COALESCE(:at::timestamptz, CURRENT_TIMESTAMP))
 * ```
 */
export const insertAuditEntry = new PreparedQuery<IInsertAuditEntryParams,IInsertAuditEntryResult>(insertAuditEntryIR);


/** 'SelectAuditEntries' parameters type */
export interface ISelectAuditEntriesParams {
  action?: string | null | void;
  actorId?: string | null | void;
  beforeId?: NumberOrString | null | void;
  createdGte?: DateOrString | null | void;
  createdLte?: DateOrString | null | void;
  limit: NumberOrString;
  merchantId: string;
}

/** 'SelectAuditEntries' return type */
export interface ISelectAuditEntriesResult {
  action: string;
  actorEmail: string | null;
  actorId: string | null;
  actorType: string;
  createdAt: Date;
  details: Json;
  id: string;
  ip: string | null;
  merchantId: string;
  targetId: string | null;
  targetType: string | null;
  userAgent: string | null;
}

/** 'SelectAuditEntries' query type */
export interface ISelectAuditEntriesQuery {
  params: ISelectAuditEntriesParams;
  result: ISelectAuditEntriesResult;
}

const selectAuditEntriesIR: any = {"usedParamSet":{"merchantId":true,"action":true,"actorId":true,"createdGte":true,"createdLte":true,"beforeId":true,"limit":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":300,"b":311}]},{"name":"action","required":false,"transform":{"type":"scalar"},"locs":[{"a":321,"b":327},{"a":355,"b":361}]},{"name":"actorId","required":false,"transform":{"type":"scalar"},"locs":[{"a":372,"b":379},{"a":409,"b":416}]},{"name":"createdGte","required":false,"transform":{"type":"scalar"},"locs":[{"a":427,"b":437},{"a":477,"b":487}]},{"name":"createdLte","required":false,"transform":{"type":"scalar"},"locs":[{"a":498,"b":508},{"a":548,"b":558}]},{"name":"beforeId","required":false,"transform":{"type":"scalar"},"locs":[{"a":569,"b":577},{"a":603,"b":611}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":639,"b":645}]}],"statement":"SELECT id, merchant_id AS \"merchantId\", actor_type AS \"actorType\", actor_id AS \"actorId\", actor_email AS \"actorEmail\", action,\n       target_type AS \"targetType\", target_id AS \"targetId\", details, ip, user_agent AS \"userAgent\", created_at AS \"createdAt\"\n  FROM gateway.audit_log\n WHERE merchant_id = :merchantId!\n   AND (:action::text IS NULL OR action = :action)\n   AND (:actorId::text IS NULL OR actor_id = :actorId)\n   AND (:createdGte::timestamptz IS NULL OR created_at >= :createdGte)\n   AND (:createdLte::timestamptz IS NULL OR created_at <= :createdLte)\n   AND (:beforeId::bigint IS NULL OR id < :beforeId)\n ORDER BY id DESC\n LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, merchant_id AS "merchantId", actor_type AS "actorType", actor_id AS "actorId", actor_email AS "actorEmail", action,
 *        target_type AS "targetType", target_id AS "targetId", details, ip, user_agent AS "userAgent", created_at AS "createdAt"
 *   FROM gateway.audit_log
 *  WHERE merchant_id = :merchantId!
 *    AND (:action::text IS NULL OR action = :action)
 *    AND (:actorId::text IS NULL OR actor_id = :actorId)
 *    AND (:createdGte::timestamptz IS NULL OR created_at >= :createdGte)
 *    AND (:createdLte::timestamptz IS NULL OR created_at <= :createdLte)
 *    AND (:beforeId::bigint IS NULL OR id < :beforeId)
 *  ORDER BY id DESC
 *  LIMIT :limit!
 * ```
 */
export const selectAuditEntries = new PreparedQuery<ISelectAuditEntriesParams,ISelectAuditEntriesResult>(selectAuditEntriesIR);


