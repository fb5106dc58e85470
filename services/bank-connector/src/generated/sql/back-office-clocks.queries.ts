/** Types generated for queries found in "src/db/sql/back-office-clocks.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type NumberOrString = number | string;

/** 'ClocksBehind' parameters type */
export interface IClocksBehindParams {
  limit: NumberOrString;
}

/** 'ClocksBehind' return type */
export interface IClocksBehindResult {
  accountId: string;
  merchantId: string;
  offsetMs: string;
}

/** 'ClocksBehind' query type */
export interface IClocksBehindQuery {
  params: IClocksBehindParams;
  result: IClocksBehindResult;
}

const clocksBehindIR: any = {"usedParamSet":{"limit":true},"params":[{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":494,"b":500}]}],"statement":"SELECT DISTINCT m.merchant_id AS \"merchantId\", c.initiation->'CreditorAccount'->>'Identification' AS \"accountId!\", m.offset_ms::text AS \"offsetMs!\"\n  FROM connector.merchant_clocks m\n  JOIN connector.consents c ON c.merchant_id = m.merchant_id AND c.initiation ? 'CreditorAccount'\n  LEFT JOIN connector.back_office_clocks b\n    ON b.merchant_id = m.merchant_id AND b.account_id = c.initiation->'CreditorAccount'->>'Identification'\n WHERE b.offset_ms IS NULL OR b.offset_ms < m.offset_ms\n LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT DISTINCT m.merchant_id AS "merchantId", c.initiation->'CreditorAccount'->>'Identification' AS "accountId!", m.offset_ms::text AS "offsetMs!"
 *   FROM connector.merchant_clocks m
 *   JOIN connector.consents c ON c.merchant_id = m.merchant_id AND c.initiation ? 'CreditorAccount'
 *   LEFT JOIN connector.back_office_clocks b
 *     ON b.merchant_id = m.merchant_id AND b.account_id = c.initiation->'CreditorAccount'->>'Identification'
 *  WHERE b.offset_ms IS NULL OR b.offset_ms < m.offset_ms
 *  LIMIT :limit!
 * ```
 */
export const clocksBehind = new PreparedQuery<IClocksBehindParams,IClocksBehindResult>(clocksBehindIR);


/** 'RecordClockPushed' parameters type */
export interface IRecordClockPushedParams {
  accountId: string;
  merchantId: string;
  offsetMs: NumberOrString;
}

/** 'RecordClockPushed' return type */
export type IRecordClockPushedResult = void;

/** 'RecordClockPushed' query type */
export interface IRecordClockPushedQuery {
  params: IRecordClockPushedParams;
  result: IRecordClockPushedResult;
}

const recordClockPushedIR: any = {"usedParamSet":{"merchantId":true,"accountId":true,"offsetMs":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":91,"b":102}]},{"name":"accountId","required":true,"transform":{"type":"scalar"},"locs":[{"a":105,"b":115}]},{"name":"offsetMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":118,"b":127}]}],"statement":"INSERT INTO connector.back_office_clocks AS b (merchant_id, account_id, offset_ms) VALUES (:merchantId!, :accountId!, :offsetMs!::bigint)\nON CONFLICT (merchant_id, account_id) DO UPDATE SET offset_ms = GREATEST(b.offset_ms, EXCLUDED.offset_ms)"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO connector.back_office_clocks AS b (merchant_id, account_id, offset_ms) VALUES (:merchantId!, :accountId!, :offsetMs!::bigint)
 * ON CONFLICT (merchant_id, account_id) DO UPDATE SET offset_ms = GREATEST(b.offset_ms, EXCLUDED.offset_ms)
 * ```
 */
export const recordClockPushed = new PreparedQuery<IRecordClockPushedParams,IRecordClockPushedResult>(recordClockPushedIR);


