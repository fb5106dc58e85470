/** Types generated for queries found in "src/db/sql/mandate-reports.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

export type NumberOrString = number | string;

/** 'AddMandateReport' parameters type */
export interface IAddMandateReportParams {
  cause: string;
  consentId: string;
  kind: string;
  mandateId: string;
  merchantId: string;
  reason?: string | null | void;
  revokedBy?: string | null | void;
}

/** 'AddMandateReport' return type */
export interface IAddMandateReportResult {
  id: string;
}

/** 'AddMandateReport' query type */
export interface IAddMandateReportQuery {
  params: IAddMandateReportParams;
  result: IAddMandateReportResult;
}

const addMandateReportIR: any = {"usedParamSet":{"consentId":true,"merchantId":true,"mandateId":true,"kind":true,"revokedBy":true,"reason":true,"cause":true},"params":[{"name":"consentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":117,"b":127}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":130,"b":141}]},{"name":"mandateId","required":true,"transform":{"type":"scalar"},"locs":[{"a":144,"b":154}]},{"name":"kind","required":true,"transform":{"type":"scalar"},"locs":[{"a":157,"b":162}]},{"name":"revokedBy","required":false,"transform":{"type":"scalar"},"locs":[{"a":165,"b":174}]},{"name":"reason","required":false,"transform":{"type":"scalar"},"locs":[{"a":177,"b":183}]},{"name":"cause","required":true,"transform":{"type":"scalar"},"locs":[{"a":186,"b":192}]}],"statement":"INSERT INTO connector.mandate_reports (consent_id, merchant_id, mandate_id, kind, revoked_by, reason, cause)\nVALUES (:consentId!, :merchantId!, :mandateId!, :kind!, :revokedBy, :reason, :cause!) ON CONFLICT (consent_id, kind, cause) DO NOTHING RETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO connector.mandate_reports (consent_id, merchant_id, mandate_id, kind, revoked_by, reason, cause)
 * VALUES (:consentId!, :merchantId!, :mandateId!, :kind!, :revokedBy, :reason, :cause!) ON CONFLICT (consent_id, kind, cause) DO NOTHING RETURNING id
 * ```
 */
export const addMandateReport = new PreparedQuery<IAddMandateReportParams,IAddMandateReportResult>(addMandateReportIR);


/** 'ClaimMandateReports' parameters type */
export interface IClaimMandateReportsParams {
  leaseMs: number;
  limit: NumberOrString;
}

/** 'ClaimMandateReports' return type */
export interface IClaimMandateReportsResult {
  cause: string;
  checks: number;
  id: string;
  kind: string;
  mandateId: string;
  merchantId: string;
  reason: string | null;
  revokedBy: string | null;
}

/** 'ClaimMandateReports' query type */
export interface IClaimMandateReportsQuery {
  params: IClaimMandateReportsParams;
  result: IClaimMandateReportsResult;
}

const claimMandateReportsIR: any = {"usedParamSet":{"leaseMs":true,"limit":true},"params":[{"name":"leaseMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":83,"b":91}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":271,"b":277}]}],"statement":"UPDATE connector.mandate_reports SET next_check_at = now() + make_interval(secs => :leaseMs!::double precision / 1000)\n WHERE id IN (SELECT id FROM connector.mandate_reports WHERE reported_at IS NULL AND next_check_at <= now()\n               ORDER BY next_check_at LIMIT :limit! FOR UPDATE SKIP LOCKED)\nRETURNING id::text AS \"id!\", merchant_id AS \"merchantId\", mandate_id AS \"mandateId\", kind, revoked_by AS \"revokedBy\", reason, cause, checks"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE connector.mandate_reports SET next_check_at = now() + make_interval(secs => :leaseMs!::double precision / 1000)
 *  WHERE id IN (SELECT id FROM connector.mandate_reports WHERE reported_at IS NULL AND next_check_at <= now()
 *                ORDER BY next_check_at LIMIT :limit! FOR UPDATE SKIP LOCKED)
 * RETURNING id::text AS "id!", merchant_id AS "merchantId", mandate_id AS "mandateId", kind, revoked_by AS "revokedBy", reason, cause, checks
 * ```
 */
export const claimMandateReports = new PreparedQuery<IClaimMandateReportsParams,IClaimMandateReportsResult>(claimMandateReportsIR);


/** 'MarkMandateReported' parameters type */
export interface IMarkMandateReportedParams {
  id: NumberOrString;
}

/** 'MarkMandateReported' return type */
export type IMarkMandateReportedResult = void;

/** 'MarkMandateReported' query type */
export interface IMarkMandateReportedQuery {
  params: IMarkMandateReportedParams;
  result: IMarkMandateReportedResult;
}

const markMandateReportedIR: any = {"usedParamSet":{"id":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":68,"b":71}]}],"statement":"UPDATE connector.mandate_reports SET reported_at = now() WHERE id = :id!"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE connector.mandate_reports SET reported_at = now() WHERE id = :id!
 * ```
 */
export const markMandateReported = new PreparedQuery<IMarkMandateReportedParams,IMarkMandateReportedResult>(markMandateReportedIR);


/** 'PostponeMandateReport' parameters type */
export interface IPostponeMandateReportParams {
  id: NumberOrString;
  next: DateOrString;
}

/** 'PostponeMandateReport' return type */
export type IPostponeMandateReportResult = void;

/** 'PostponeMandateReport' query type */
export interface IPostponeMandateReportQuery {
  params: IPostponeMandateReportParams;
  result: IPostponeMandateReportResult;
}

const postponeMandateReportIR: any = {"usedParamSet":{"next":true,"id":true},"params":[{"name":"next","required":true,"transform":{"type":"scalar"},"locs":[{"a":53,"b":58}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":92,"b":95}]}],"statement":"UPDATE connector.mandate_reports SET next_check_at = :next!, checks = checks + 1 WHERE id = :id!"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE connector.mandate_reports SET next_check_at = :next!, checks = checks + 1 WHERE id = :id!
 * ```
 */
export const postponeMandateReport = new PreparedQuery<IPostponeMandateReportParams,IPostponeMandateReportResult>(postponeMandateReportIR);


