/** Types generated for queries found in "src/db/sql/endpoint-circuits.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

/** 'PublishCircuitOpen' parameters type */
export interface IPublishCircuitOpenParams {
  endpointId: string;
  forMs: number;
}

/** 'PublishCircuitOpen' return type */
export type IPublishCircuitOpenResult = void;

/** 'PublishCircuitOpen' query type */
export interface IPublishCircuitOpenQuery {
  params: IPublishCircuitOpenParams;
  result: IPublishCircuitOpenResult;
}

const publishCircuitOpenIR: any = {"usedParamSet":{"endpointId":true,"forMs":true},"params":[{"name":"endpointId","required":true,"transform":{"type":"scalar"},"locs":[{"a":72,"b":83}]},{"name":"forMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":94,"b":100}]}],"statement":"INSERT INTO webhook.endpoint_circuits (endpoint_id, open_until)\nVALUES (:endpointId!, now() + :forMs! * interval '1 millisecond')\nON CONFLICT (endpoint_id) DO UPDATE SET open_until = GREATEST(endpoint_circuits.open_until, EXCLUDED.open_until)"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO webhook.endpoint_circuits (endpoint_id, open_until)
 * VALUES (:endpointId!, now() + :forMs! * interval '1 millisecond')
 * ON CONFLICT (endpoint_id) DO UPDATE SET open_until = GREATEST(endpoint_circuits.open_until, EXCLUDED.open_until)
 * ```
 */
export const publishCircuitOpen = new PreparedQuery<IPublishCircuitOpenParams,IPublishCircuitOpenResult>(publishCircuitOpenIR);


/** 'PublishCircuitClosed' parameters type */
export interface IPublishCircuitClosedParams {
  endpointId: string;
}

/** 'PublishCircuitClosed' return type */
export type IPublishCircuitClosedResult = void;

/** 'PublishCircuitClosed' query type */
export interface IPublishCircuitClosedQuery {
  params: IPublishCircuitClosedParams;
  result: IPublishCircuitClosedResult;
}

const publishCircuitClosedIR: any = {"usedParamSet":{"endpointId":true},"params":[{"name":"endpointId","required":true,"transform":{"type":"scalar"},"locs":[{"a":58,"b":69}]}],"statement":"DELETE FROM webhook.endpoint_circuits WHERE endpoint_id = :endpointId!"};

/**
 * Query generated from SQL:
 * ```
 * DELETE FROM webhook.endpoint_circuits WHERE endpoint_id = :endpointId!
 * ```
 */
export const publishCircuitClosed = new PreparedQuery<IPublishCircuitClosedParams,IPublishCircuitClosedResult>(publishCircuitClosedIR);


/** 'CloseCircuitsOfMerchant' parameters type */
export interface ICloseCircuitsOfMerchantParams {
  merchantId: string;
}

/** 'CloseCircuitsOfMerchant' return type */
export interface ICloseCircuitsOfMerchantResult {
  id: string;
}

/** 'CloseCircuitsOfMerchant' query type */
export interface ICloseCircuitsOfMerchantQuery {
  params: ICloseCircuitsOfMerchantParams;
  result: ICloseCircuitsOfMerchantResult;
}

const closeCircuitsOfMerchantIR: any = {"usedParamSet":{"merchantId":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":72,"b":83}]}],"statement":"WITH endpoints AS (SELECT id FROM webhook.endpoints WHERE merchant_id = :merchantId!),\nclosed AS (DELETE FROM webhook.endpoint_circuits c USING endpoints e WHERE c.endpoint_id = e.id)\nSELECT id AS \"id!\" FROM endpoints"};

/**
 * Query generated from SQL:
 * ```
 * WITH endpoints AS (SELECT id FROM webhook.endpoints WHERE merchant_id = :merchantId!),
 * closed AS (DELETE FROM webhook.endpoint_circuits c USING endpoints e WHERE c.endpoint_id = e.id)
 * SELECT id AS "id!" FROM endpoints
 * ```
 */
export const closeCircuitsOfMerchant = new PreparedQuery<ICloseCircuitsOfMerchantParams,ICloseCircuitsOfMerchantResult>(closeCircuitsOfMerchantIR);


/** 'OpenCircuits' parameters type */
export type IOpenCircuitsParams = void;

/** 'OpenCircuits' return type */
export interface IOpenCircuitsResult {
  endpointId: string;
  remainingMs: number;
}

/** 'OpenCircuits' query type */
export interface IOpenCircuitsQuery {
  params: IOpenCircuitsParams;
  result: IOpenCircuitsResult;
}

const openCircuitsIR: any = {"usedParamSet":{},"params":[],"statement":"WITH swept AS (DELETE FROM webhook.endpoint_circuits WHERE open_until < now() - interval '1 hour')\nSELECT endpoint_id AS \"endpointId\", (extract(epoch FROM open_until - now()) * 1000)::float8 AS \"remainingMs!\"\n  FROM webhook.endpoint_circuits WHERE open_until > now()"};

/**
 * Query generated from SQL:
 * ```
 * WITH swept AS (DELETE FROM webhook.endpoint_circuits WHERE open_until < now() - interval '1 hour')
 * SELECT endpoint_id AS "endpointId", (extract(epoch FROM open_until - now()) * 1000)::float8 AS "remainingMs!"
 *   FROM webhook.endpoint_circuits WHERE open_until > now()
 * ```
 */
export const openCircuits = new PreparedQuery<IOpenCircuitsParams,IOpenCircuitsResult>(openCircuitsIR);


