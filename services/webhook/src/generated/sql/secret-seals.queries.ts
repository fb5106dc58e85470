/** Types generated for queries found in "src/db/sql/secret-seals.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

/** 'EndpointsSealedOtherwise' parameters type */
export interface IEndpointsSealedOtherwiseParams {
  afterId: string;
  limit: NumberOrString;
  pattern: string;
}

/** 'EndpointsSealedOtherwise' return type */
export interface IEndpointsSealedOtherwiseResult {
  id: string;
  previousSecrets: Json;
  secretCiphertext: string;
}

/** 'EndpointsSealedOtherwise' query type */
export interface IEndpointsSealedOtherwiseQuery {
  params: IEndpointsSealedOtherwiseParams;
  result: IEndpointsSealedOtherwiseResult;
}

const endpointsSealedOtherwiseIR: any = {"usedParamSet":{"afterId":true,"pattern":true,"limit":true},"params":[{"name":"afterId","required":true,"transform":{"type":"scalar"},"locs":[{"a":125,"b":133}]},{"name":"pattern","required":true,"transform":{"type":"scalar"},"locs":[{"a":170,"b":178},{"a":286,"b":294}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":317,"b":323}]}],"statement":"SELECT id, secret_ciphertext AS \"secretCiphertext\", previous_secrets AS \"previousSecrets\" FROM webhook.endpoints\n WHERE id > :afterId!\n   AND (secret_ciphertext NOT LIKE :pattern!\n        OR EXISTS (SELECT 1 FROM jsonb_array_elements(previous_secrets) p WHERE p->>'ciphertext' NOT LIKE :pattern!))\n ORDER BY id LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, secret_ciphertext AS "secretCiphertext", previous_secrets AS "previousSecrets" FROM webhook.endpoints
 *  WHERE id > :afterId!
 *    AND (secret_ciphertext NOT LIKE :pattern!
 *         OR EXISTS (SELECT 1 FROM jsonb_array_elements(previous_secrets) p WHERE p->>'ciphertext' NOT LIKE :pattern!))
 *  ORDER BY id LIMIT :limit!
 * ```
 */
export const endpointsSealedOtherwise = new PreparedQuery<IEndpointsSealedOtherwiseParams,IEndpointsSealedOtherwiseResult>(endpointsSealedOtherwiseIR);


/** 'ReplaceSealedSecrets' parameters type */
export interface IReplaceSealedSecretsParams {
  id: string;
  previousSecrets: Json;
  previousSecretsBefore: Json;
  secretCiphertext: string;
  secretCiphertextBefore: string;
}

/** 'ReplaceSealedSecrets' return type */
export interface IReplaceSealedSecretsResult {
  id: string;
}

/** 'ReplaceSealedSecrets' query type */
export interface IReplaceSealedSecretsQuery {
  params: IReplaceSealedSecretsParams;
  result: IReplaceSealedSecretsResult;
}

const replaceSealedSecretsIR: any = {"usedParamSet":{"secretCiphertext":true,"previousSecrets":true,"id":true,"secretCiphertextBefore":true,"previousSecretsBefore":true},"params":[{"name":"secretCiphertext","required":true,"transform":{"type":"scalar"},"locs":[{"a":49,"b":66}]},{"name":"previousSecrets","required":true,"transform":{"type":"scalar"},"locs":[{"a":88,"b":104}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":125,"b":128}]},{"name":"secretCiphertextBefore","required":true,"transform":{"type":"scalar"},"locs":[{"a":154,"b":177}]},{"name":"previousSecretsBefore","required":true,"transform":{"type":"scalar"},"locs":[{"a":202,"b":224}]}],"statement":"UPDATE webhook.endpoints SET secret_ciphertext = :secretCiphertext!, previous_secrets = :previousSecrets!::jsonb\n WHERE id = :id! AND secret_ciphertext = :secretCiphertextBefore! AND previous_secrets = :previousSecretsBefore!::jsonb\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE webhook.endpoints SET secret_ciphertext = :secretCiphertext!, previous_secrets = :previousSecrets!::jsonb
 *  WHERE id = :id! AND secret_ciphertext = :secretCiphertextBefore! AND previous_secrets = :previousSecretsBefore!::jsonb
 * RETURNING id
 * ```
 */
export const replaceSealedSecrets = new PreparedQuery<IReplaceSealedSecretsParams,IReplaceSealedSecretsResult>(replaceSealedSecretsIR);


/** 'CountSealedOtherwise' parameters type */
export interface ICountSealedOtherwiseParams {
  pattern: string;
}

/** 'CountSealedOtherwise' return type */
export interface ICountSealedOtherwiseResult {
  n: number;
}

/** 'CountSealedOtherwise' query type */
export interface ICountSealedOtherwiseQuery {
  params: ICountSealedOtherwiseParams;
  result: ICountSealedOtherwiseResult;
}

const countSealedOtherwiseIR: any = {"usedParamSet":{"pattern":true},"params":[{"name":"pattern","required":true,"transform":{"type":"scalar"},"locs":[{"a":86,"b":94},{"a":198,"b":206}]}],"statement":"SELECT count(*)::int AS \"n!\" FROM webhook.endpoints\n WHERE secret_ciphertext NOT LIKE :pattern!\n    OR EXISTS (SELECT 1 FROM jsonb_array_elements(previous_secrets) p WHERE p->>'ciphertext' NOT LIKE :pattern!)"};

/**
 * Query generated from SQL:
 * ```
 * SELECT count(*)::int AS "n!" FROM webhook.endpoints
 *  WHERE secret_ciphertext NOT LIKE :pattern!
 *     OR EXISTS (SELECT 1 FROM jsonb_array_elements(previous_secrets) p WHERE p->>'ciphertext' NOT LIKE :pattern!)
 * ```
 */
export const countSealedOtherwise = new PreparedQuery<ICountSealedOtherwiseParams,ICountSealedOtherwiseResult>(countSealedOtherwiseIR);


