/** Types generated for queries found in "src/db/sql/customers.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type stringArray = (string)[];

/** 'InsertCustomer' parameters type */
export interface IInsertCustomerParams {
  createdAt: DateOrString;
  email?: string | null | void;
  id: string;
  merchantId: string;
  metadata: Json;
  name?: string | null | void;
  reference?: string | null | void;
  scaCompleted: boolean;
}

/** 'InsertCustomer' return type */
export interface IInsertCustomerResult {
  createdAt: Date;
  email: string | null;
  erasedAt: Date | null;
  id: string;
  merchantId: string;
  metadata: Json;
  name: string | null;
  reference: string | null;
  scaCompleted: boolean;
}

/** 'InsertCustomer' query type */
export interface IInsertCustomerQuery {
  params: IInsertCustomerParams;
  result: IInsertCustomerResult;
}

const insertCustomerIR: any = {"usedParamSet":{"id":true,"merchantId":true,"scaCompleted":true,"email":true,"name":true,"reference":true,"metadata":true,"createdAt":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":122,"b":125}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":128,"b":139}]},{"name":"scaCompleted","required":true,"transform":{"type":"scalar"},"locs":[{"a":142,"b":155}]},{"name":"email","required":false,"transform":{"type":"scalar"},"locs":[{"a":158,"b":163}]},{"name":"name","required":false,"transform":{"type":"scalar"},"locs":[{"a":166,"b":170}]},{"name":"reference","required":false,"transform":{"type":"scalar"},"locs":[{"a":173,"b":182}]},{"name":"metadata","required":true,"transform":{"type":"scalar"},"locs":[{"a":185,"b":194}]},{"name":"createdAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":204,"b":214}]}],"statement":"INSERT INTO mandate.customers AS c (id, merchant_id, sca_completed, email, name, reference, metadata, created_at)\nVALUES (:id!, :merchantId!, :scaCompleted!, :email, :name, :reference, :metadata!::jsonb, :createdAt!)\nRETURNING c.id, c.merchant_id AS \"merchantId\", c.sca_completed AS \"scaCompleted\", c.email, c.name, c.reference, c.metadata,\n          c.created_at AS \"createdAt\", c.erased_at AS \"erasedAt\""};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO mandate.customers AS c (id, merchant_id, sca_completed, email, name, reference, metadata, created_at)
 * VALUES (:id!, :merchantId!, :scaCompleted!, :email, :name, :reference, :metadata!::jsonb, :createdAt!)
 * RETURNING c.id, c.merchant_id AS "merchantId", c.sca_completed AS "scaCompleted", c.email, c.name, c.reference, c.metadata,
 *           c.created_at AS "createdAt", c.erased_at AS "erasedAt"
 * ```
 */
export const insertCustomer = new PreparedQuery<IInsertCustomerParams,IInsertCustomerResult>(insertCustomerIR);


/** 'ReadCustomer' parameters type */
export interface IReadCustomerParams {
  id: string;
  merchantId: string;
}

/** 'ReadCustomer' return type */
export interface IReadCustomerResult {
  createdAt: Date;
  email: string | null;
  erasedAt: Date | null;
  id: string;
  merchantId: string;
  metadata: Json;
  name: string | null;
  reference: string | null;
  scaCompleted: boolean;
}

/** 'ReadCustomer' query type */
export interface IReadCustomerQuery {
  params: IReadCustomerParams;
  result: IReadCustomerResult;
}

const readCustomerIR: any = {"usedParamSet":{"id":true,"merchantId":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":223,"b":226}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":248,"b":259}]}],"statement":"SELECT c.id, c.merchant_id AS \"merchantId\", c.sca_completed AS \"scaCompleted\", c.email, c.name, c.reference, c.metadata,\n       c.created_at AS \"createdAt\", c.erased_at AS \"erasedAt\"\n  FROM mandate.customers c WHERE c.id = :id! AND c.merchant_id = :merchantId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT c.id, c.merchant_id AS "merchantId", c.sca_completed AS "scaCompleted", c.email, c.name, c.reference, c.metadata,
 *        c.created_at AS "createdAt", c.erased_at AS "erasedAt"
 *   FROM mandate.customers c WHERE c.id = :id! AND c.merchant_id = :merchantId!
 * ```
 */
export const readCustomer = new PreparedQuery<IReadCustomerParams,IReadCustomerResult>(readCustomerIR);


/** 'EraseCustomer' parameters type */
export interface IEraseCustomerParams {
  erasedAt: DateOrString;
  id: string;
  liveStatuses: stringArray;
  merchantId: string;
}

/** 'EraseCustomer' return type */
export interface IEraseCustomerResult {
  createdAt: Date;
  email: string | null;
  erasedAt: Date | null;
  id: string;
  merchantId: string;
  metadata: Json;
  name: string | null;
  reference: string | null;
  scaCompleted: boolean;
}

/** 'EraseCustomer' query type */
export interface IEraseCustomerQuery {
  params: IEraseCustomerParams;
  result: IEraseCustomerResult;
}

const eraseCustomerIR: any = {"usedParamSet":{"erasedAt":true,"id":true,"merchantId":true,"liveStatuses":true},"params":[{"name":"erasedAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":112,"b":121}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":137,"b":140}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":162,"b":173}]},{"name":"liveStatuses","required":true,"transform":{"type":"scalar"},"locs":[{"a":351,"b":364}]}],"statement":"UPDATE mandate.customers c SET email = NULL, name = NULL, reference = NULL, metadata = '{}'::jsonb, erased_at = :erasedAt!\n WHERE c.id = :id! AND c.merchant_id = :merchantId! AND c.erased_at IS NULL\n   AND NOT EXISTS (SELECT 1 FROM mandate.mandates m\n                    WHERE m.merchant_id = c.merchant_id AND m.customer_id = c.id AND m.status = ANY(:liveStatuses!::text[]))\nRETURNING c.id, c.merchant_id AS \"merchantId\", c.sca_completed AS \"scaCompleted\", c.email, c.name, c.reference, c.metadata,\n          c.created_at AS \"createdAt\", c.erased_at AS \"erasedAt\""};

/**
 * Query generated from SQL:
 * ```
 * UPDATE mandate.customers c SET email = NULL, name = NULL, reference = NULL, metadata = '{}'::jsonb, erased_at = :erasedAt!
 *  WHERE c.id = :id! AND c.merchant_id = :merchantId! AND c.erased_at IS NULL
 *    AND NOT EXISTS (SELECT 1 FROM mandate.mandates m
 *                     WHERE m.merchant_id = c.merchant_id AND m.customer_id = c.id AND m.status = ANY(:liveStatuses!::text[]))
 * RETURNING c.id, c.merchant_id AS "merchantId", c.sca_completed AS "scaCompleted", c.email, c.name, c.reference, c.metadata,
 *           c.created_at AS "createdAt", c.erased_at AS "erasedAt"
 * ```
 */
export const eraseCustomer = new PreparedQuery<IEraseCustomerParams,IEraseCustomerResult>(eraseCustomerIR);


/** 'SetScaCompleted' parameters type */
export interface ISetScaCompletedParams {
  id: string;
  merchantId: string;
}

/** 'SetScaCompleted' return type */
export interface ISetScaCompletedResult {
  createdAt: Date;
  email: string | null;
  erasedAt: Date | null;
  id: string;
  merchantId: string;
  metadata: Json;
  name: string | null;
  reference: string | null;
  scaCompleted: boolean;
}

/** 'SetScaCompleted' query type */
export interface ISetScaCompletedQuery {
  params: ISetScaCompletedParams;
  result: ISetScaCompletedResult;
}

const setScaCompletedIR: any = {"usedParamSet":{"id":true,"merchantId":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":65,"b":68}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":90,"b":101}]}],"statement":"UPDATE mandate.customers c SET sca_completed = true WHERE c.id = :id! AND c.merchant_id = :merchantId! AND c.erased_at IS NULL\nRETURNING c.id, c.merchant_id AS \"merchantId\", c.sca_completed AS \"scaCompleted\", c.email, c.name, c.reference, c.metadata,\n          c.created_at AS \"createdAt\", c.erased_at AS \"erasedAt\""};

/**
 * Query generated from SQL:
 * ```
 * UPDATE mandate.customers c SET sca_completed = true WHERE c.id = :id! AND c.merchant_id = :merchantId! AND c.erased_at IS NULL
 * RETURNING c.id, c.merchant_id AS "merchantId", c.sca_completed AS "scaCompleted", c.email, c.name, c.reference, c.metadata,
 *           c.created_at AS "createdAt", c.erased_at AS "erasedAt"
 * ```
 */
export const setScaCompleted = new PreparedQuery<ISetScaCompletedParams,ISetScaCompletedResult>(setScaCompletedIR);


