/** Types generated for queries found in "src/db/sql/authorisations.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

/** 'InsertAuthorisation' parameters type */
export interface IInsertAuthorisationParams {
  codeVerifier: string;
  consentId: string;
  expiresAt: DateOrString;
  nonce: string;
  stateHash: string;
}

/** 'InsertAuthorisation' return type */
export type IInsertAuthorisationResult = void;

/** 'InsertAuthorisation' query type */
export interface IInsertAuthorisationQuery {
  params: IInsertAuthorisationParams;
  result: IInsertAuthorisationResult;
}

const insertAuthorisationIR: any = {"usedParamSet":{"stateHash":true,"consentId":true,"nonce":true,"codeVerifier":true,"expiresAt":true},"params":[{"name":"stateHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":113,"b":123}]},{"name":"consentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":126,"b":136}]},{"name":"nonce","required":true,"transform":{"type":"scalar"},"locs":[{"a":139,"b":145}]},{"name":"codeVerifier","required":true,"transform":{"type":"scalar"},"locs":[{"a":148,"b":161}]},{"name":"expiresAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":164,"b":174}]}],"statement":"INSERT INTO connector.authorisations (state_hash, consent_id, nonce, code_verifier, expires_at, used_at)\nVALUES (:stateHash!, :consentId!, :nonce!, :codeVerifier!, :expiresAt!, NULL)"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO connector.authorisations (state_hash, consent_id, nonce, code_verifier, expires_at, used_at)
 * VALUES (:stateHash!, :consentId!, :nonce!, :codeVerifier!, :expiresAt!, NULL)
 * ```
 */
export const insertAuthorisation = new PreparedQuery<IInsertAuthorisationParams,IInsertAuthorisationResult>(insertAuthorisationIR);


/** 'FindAuthorisation' parameters type */
export interface IFindAuthorisationParams {
  stateHash: string;
}

/** 'FindAuthorisation' return type */
export interface IFindAuthorisationResult {
  codeVerifier: string;
  consentId: string;
  expiresAt: Date;
  nonce: string;
  stateHash: string;
  usedAt: Date | null;
}

/** 'FindAuthorisation' query type */
export interface IFindAuthorisationQuery {
  params: IFindAuthorisationParams;
  result: IFindAuthorisationResult;
}

const findAuthorisationIR: any = {"usedParamSet":{"stateHash":true},"params":[{"name":"stateHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":199,"b":209}]}],"statement":"SELECT state_hash AS \"stateHash\", consent_id AS \"consentId\", nonce, code_verifier AS \"codeVerifier\", expires_at AS \"expiresAt\", used_at AS \"usedAt\"\n  FROM connector.authorisations WHERE state_hash = :stateHash!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT state_hash AS "stateHash", consent_id AS "consentId", nonce, code_verifier AS "codeVerifier", expires_at AS "expiresAt", used_at AS "usedAt"
 *   FROM connector.authorisations WHERE state_hash = :stateHash!
 * ```
 */
export const findAuthorisation = new PreparedQuery<IFindAuthorisationParams,IFindAuthorisationResult>(findAuthorisationIR);


/** 'UseAuthorisation' parameters type */
export interface IUseAuthorisationParams {
  stateHash: string;
}

/** 'UseAuthorisation' return type */
export interface IUseAuthorisationResult {
  state_hash: string;
}

/** 'UseAuthorisation' query type */
export interface IUseAuthorisationQuery {
  params: IUseAuthorisationParams;
  result: IUseAuthorisationResult;
}

const useAuthorisationIR: any = {"usedParamSet":{"stateHash":true},"params":[{"name":"stateHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":71,"b":81}]}],"statement":"UPDATE connector.authorisations SET used_at = now() WHERE state_hash = :stateHash! AND used_at IS NULL RETURNING state_hash"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE connector.authorisations SET used_at = now() WHERE state_hash = :stateHash! AND used_at IS NULL RETURNING state_hash
 * ```
 */
export const useAuthorisation = new PreparedQuery<IUseAuthorisationParams,IUseAuthorisationResult>(useAuthorisationIR);


/** 'ReleaseAuthorisation' parameters type */
export interface IReleaseAuthorisationParams {
  stateHash: string;
}

/** 'ReleaseAuthorisation' return type */
export type IReleaseAuthorisationResult = void;

/** 'ReleaseAuthorisation' query type */
export interface IReleaseAuthorisationQuery {
  params: IReleaseAuthorisationParams;
  result: IReleaseAuthorisationResult;
}

const releaseAuthorisationIR: any = {"usedParamSet":{"stateHash":true},"params":[{"name":"stateHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":70,"b":80}]}],"statement":"UPDATE connector.authorisations SET used_at = NULL WHERE state_hash = :stateHash!"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE connector.authorisations SET used_at = NULL WHERE state_hash = :stateHash!
 * ```
 */
export const releaseAuthorisation = new PreparedQuery<IReleaseAuthorisationParams,IReleaseAuthorisationResult>(releaseAuthorisationIR);


/** 'EndAuthorisation' parameters type */
export interface IEndAuthorisationParams {
  stateHash: string;
}

/** 'EndAuthorisation' return type */
export type IEndAuthorisationResult = void;

/** 'EndAuthorisation' query type */
export interface IEndAuthorisationQuery {
  params: IEndAuthorisationParams;
  result: IEndAuthorisationResult;
}

const endAuthorisationIR: any = {"usedParamSet":{"stateHash":true},"params":[{"name":"stateHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":72,"b":82}]}],"statement":"UPDATE connector.authorisations SET ended_at = now() WHERE state_hash = :stateHash! AND ended_at IS NULL"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE connector.authorisations SET ended_at = now() WHERE state_hash = :stateHash! AND ended_at IS NULL
 * ```
 */
export const endAuthorisation = new PreparedQuery<IEndAuthorisationParams,IEndAuthorisationResult>(endAuthorisationIR);


/** 'OtherAttemptInFlight' parameters type */
export interface IOtherAttemptInFlightParams {
  consentId: string;
  now: DateOrString;
  stateHash: string;
}

/** 'OtherAttemptInFlight' return type */
export interface IOtherAttemptInFlightResult {
  one: number;
}

/** 'OtherAttemptInFlight' query type */
export interface IOtherAttemptInFlightQuery {
  params: IOtherAttemptInFlightParams;
  result: IOtherAttemptInFlightResult;
}

const otherAttemptInFlightIR: any = {"usedParamSet":{"consentId":true,"stateHash":true,"now":true},"params":[{"name":"consentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":69,"b":79}]},{"name":"stateHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":99,"b":109}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":149,"b":153}]}],"statement":"SELECT 1 AS \"one!\" FROM connector.authorisations\n WHERE consent_id = :consentId! AND state_hash <> :stateHash! AND ended_at IS NULL AND expires_at > :now! LIMIT 1"};

/**
 * Query generated from SQL:
 * ```
 * SELECT 1 AS "one!" FROM connector.authorisations
 *  WHERE consent_id = :consentId! AND state_hash <> :stateHash! AND ended_at IS NULL AND expires_at > :now! LIMIT 1
 * ```
 */
export const otherAttemptInFlight = new PreparedQuery<IOtherAttemptInFlightParams,IOtherAttemptInFlightResult>(otherAttemptInFlightIR);


