/** Types generated for queries found in "src/db/sql/idempotency.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

/** 'ClaimKey' parameters type */
export interface IClaimKeyParams {
  bodyHash: string;
  clientId: string;
  key: string;
  operation: string;
  resourceId: string;
}

/** 'ClaimKey' return type */
export interface IClaimKeyResult {
  resourceId: string;
}

/** 'ClaimKey' query type */
export interface IClaimKeyQuery {
  params: IClaimKeyParams;
  result: IClaimKeyResult;
}

const claimKeyIR: any = {"usedParamSet":{"clientId":true,"operation":true,"key":true,"bodyHash":true,"resourceId":true},"params":[{"name":"clientId","required":true,"transform":{"type":"scalar"},"locs":[{"a":105,"b":114}]},{"name":"operation","required":true,"transform":{"type":"scalar"},"locs":[{"a":117,"b":127}]},{"name":"key","required":true,"transform":{"type":"scalar"},"locs":[{"a":130,"b":134}]},{"name":"bodyHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":137,"b":146}]},{"name":"resourceId","required":true,"transform":{"type":"scalar"},"locs":[{"a":149,"b":160}]}],"statement":"INSERT INTO model_bank.idempotency_keys AS k (client_id, operation, key, body_hash, resource_id)\nVALUES (:clientId!, :operation!, :key!, :bodyHash!, :resourceId!)\nON CONFLICT (client_id, operation, key) DO UPDATE SET body_hash = EXCLUDED.body_hash, resource_id = EXCLUDED.resource_id, created_at = now()\n  WHERE k.created_at < now() - interval '24 hours'\nRETURNING resource_id AS \"resourceId\""};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO model_bank.idempotency_keys AS k (client_id, operation, key, body_hash, resource_id)
 * VALUES (:clientId!, :operation!, :key!, :bodyHash!, :resourceId!)
 * ON CONFLICT (client_id, operation, key) DO UPDATE SET body_hash = EXCLUDED.body_hash, resource_id = EXCLUDED.resource_id, created_at = now()
 *   WHERE k.created_at < now() - interval '24 hours'
 * RETURNING resource_id AS "resourceId"
 * ```
 */
export const claimKey = new PreparedQuery<IClaimKeyParams,IClaimKeyResult>(claimKeyIR);


/** 'HeldKey' parameters type */
export interface IHeldKeyParams {
  clientId: string;
  key: string;
  operation: string;
}

/** 'HeldKey' return type */
export interface IHeldKeyResult {
  bodyHash: string;
  resourceId: string;
}

/** 'HeldKey' query type */
export interface IHeldKeyQuery {
  params: IHeldKeyParams;
  result: IHeldKeyResult;
}

const heldKeyIR: any = {"usedParamSet":{"clientId":true,"operation":true,"key":true},"params":[{"name":"clientId","required":true,"transform":{"type":"scalar"},"locs":[{"a":112,"b":121}]},{"name":"operation","required":true,"transform":{"type":"scalar"},"locs":[{"a":139,"b":149}]},{"name":"key","required":true,"transform":{"type":"scalar"},"locs":[{"a":161,"b":165}]}],"statement":"SELECT body_hash AS \"bodyHash\", resource_id AS \"resourceId\" FROM model_bank.idempotency_keys\n WHERE client_id = :clientId! AND operation = :operation! AND key = :key!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT body_hash AS "bodyHash", resource_id AS "resourceId" FROM model_bank.idempotency_keys
 *  WHERE client_id = :clientId! AND operation = :operation! AND key = :key!
 * ```
 */
export const heldKey = new PreparedQuery<IHeldKeyParams,IHeldKeyResult>(heldKeyIR);


/** 'DropExpiredKeys' parameters type */
export type IDropExpiredKeysParams = void;

/** 'DropExpiredKeys' return type */
export type IDropExpiredKeysResult = void;

/** 'DropExpiredKeys' query type */
export interface IDropExpiredKeysQuery {
  params: IDropExpiredKeysParams;
  result: IDropExpiredKeysResult;
}

const dropExpiredKeysIR: any = {"usedParamSet":{},"params":[],"statement":"DELETE FROM model_bank.idempotency_keys WHERE created_at < now() - interval '24 hours'"};

/**
 * Query generated from SQL:
 * ```
 * DELETE FROM model_bank.idempotency_keys WHERE created_at < now() - interval '24 hours'
 * ```
 */
export const dropExpiredKeys = new PreparedQuery<IDropExpiredKeysParams,IDropExpiredKeysResult>(dropExpiredKeysIR);


