/** Types generated for queries found in "src/db/sql/console-credentials.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

export type NumberOrString = number | string;

export type stringArray = (string)[];

/** 'SelectPasswordHash' parameters type */
export interface ISelectPasswordHashParams {
  userId: string;
}

/** 'SelectPasswordHash' return type */
export interface ISelectPasswordHashResult {
  passwordHash: string;
}

/** 'SelectPasswordHash' query type */
export interface ISelectPasswordHashQuery {
  params: ISelectPasswordHashParams;
  result: ISelectPasswordHashResult;
}

const selectPasswordHashIR: any = {"usedParamSet":{"userId":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":77,"b":84}]}],"statement":"SELECT password_hash AS \"passwordHash\" FROM gateway.console_users WHERE id = :userId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT password_hash AS "passwordHash" FROM gateway.console_users WHERE id = :userId!
 * ```
 */
export const selectPasswordHash = new PreparedQuery<ISelectPasswordHashParams,ISelectPasswordHashResult>(selectPasswordHashIR);


/** 'SetPendingTotp' parameters type */
export interface ISetPendingTotpParams {
  sealed: string;
  userId: string;
}

/** 'SetPendingTotp' return type */
export type ISetPendingTotpResult = void;

/** 'SetPendingTotp' query type */
export interface ISetPendingTotpQuery {
  params: ISetPendingTotpParams;
  result: ISetPendingTotpResult;
}

const setPendingTotpIR: any = {"usedParamSet":{"sealed":true,"userId":true},"params":[{"name":"sealed","required":true,"transform":{"type":"scalar"},"locs":[{"a":55,"b":62}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":75,"b":82}]}],"statement":"UPDATE gateway.console_users SET totp_pending_secret = :sealed! WHERE id = :userId!"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE gateway.console_users SET totp_pending_secret = :sealed! WHERE id = :userId!
 * ```
 */
export const setPendingTotp = new PreparedQuery<ISetPendingTotpParams,ISetPendingTotpResult>(setPendingTotpIR);


/** 'SelectTotp' parameters type */
export interface ISelectTotpParams {
  userId: string;
}

/** 'SelectTotp' return type */
export interface ISelectTotpResult {
  lastStep: string | null;
  pending: string | null;
  secret: string | null;
}

/** 'SelectTotp' query type */
export interface ISelectTotpQuery {
  params: ISelectTotpParams;
  result: ISelectTotpResult;
}

const selectTotpIR: any = {"usedParamSet":{"userId":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":135,"b":142}]}],"statement":"SELECT totp_secret AS \"secret\", totp_pending_secret AS \"pending\", totp_last_step AS \"lastStep\"\n  FROM gateway.console_users WHERE id = :userId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT totp_secret AS "secret", totp_pending_secret AS "pending", totp_last_step AS "lastStep"
 *   FROM gateway.console_users WHERE id = :userId!
 * ```
 */
export const selectTotp = new PreparedQuery<ISelectTotpParams,ISelectTotpResult>(selectTotpIR);


/** 'EnableTotp' parameters type */
export interface IEnableTotpParams {
  pending: string;
  step: NumberOrString;
  userId: string;
}

/** 'EnableTotp' return type */
export type IEnableTotpResult = void;

/** 'EnableTotp' query type */
export interface IEnableTotpQuery {
  params: IEnableTotpParams;
  result: IEnableTotpResult;
}

const enableTotpIR: any = {"usedParamSet":{"pending":true,"step":true,"userId":true},"params":[{"name":"pending","required":true,"transform":{"type":"scalar"},"locs":[{"a":47,"b":55},{"a":157,"b":165}]},{"name":"step","required":true,"transform":{"type":"scalar"},"locs":[{"a":103,"b":108}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":122,"b":129}]}],"statement":"UPDATE gateway.console_users SET totp_secret = :pending!, totp_pending_secret = NULL, totp_last_step = :step!\n WHERE id = :userId! AND totp_pending_secret = :pending!"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE gateway.console_users SET totp_secret = :pending!, totp_pending_secret = NULL, totp_last_step = :step!
 *  WHERE id = :userId! AND totp_pending_secret = :pending!
 * ```
 */
export const enableTotp = new PreparedQuery<IEnableTotpParams,IEnableTotpResult>(enableTotpIR);


/** 'DisableTotp' parameters type */
export interface IDisableTotpParams {
  userId: string;
}

/** 'DisableTotp' return type */
export type IDisableTotpResult = void;

/** 'DisableTotp' query type */
export interface IDisableTotpQuery {
  params: IDisableTotpParams;
  result: IDisableTotpResult;
}

const disableTotpIR: any = {"usedParamSet":{"userId":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":114,"b":121}]}],"statement":"UPDATE gateway.console_users SET totp_secret = NULL, totp_pending_secret = NULL, totp_last_step = NULL WHERE id = :userId!"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE gateway.console_users SET totp_secret = NULL, totp_pending_secret = NULL, totp_last_step = NULL WHERE id = :userId!
 * ```
 */
export const disableTotp = new PreparedQuery<IDisableTotpParams,IDisableTotpResult>(disableTotpIR);


/** 'UseTotpStep' parameters type */
export interface IUseTotpStepParams {
  step: NumberOrString;
  userId: string;
}

/** 'UseTotpStep' return type */
export type IUseTotpStepResult = void;

/** 'UseTotpStep' query type */
export interface IUseTotpStepQuery {
  params: IUseTotpStepParams;
  result: IUseTotpStepResult;
}

const useTotpStepIR: any = {"usedParamSet":{"step":true,"userId":true},"params":[{"name":"step","required":true,"transform":{"type":"scalar"},"locs":[{"a":50,"b":55},{"a":154,"b":159}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":69,"b":76}]}],"statement":"UPDATE gateway.console_users SET totp_last_step = :step!\n WHERE id = :userId! AND totp_secret IS NOT NULL AND (totp_last_step IS NULL OR totp_last_step < :step!)"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE gateway.console_users SET totp_last_step = :step!
 *  WHERE id = :userId! AND totp_secret IS NOT NULL AND (totp_last_step IS NULL OR totp_last_step < :step!)
 * ```
 */
export const useTotpStep = new PreparedQuery<IUseTotpStepParams,IUseTotpStepResult>(useTotpStepIR);


/** 'DeleteRecoveryCodes' parameters type */
export interface IDeleteRecoveryCodesParams {
  userId: string;
}

/** 'DeleteRecoveryCodes' return type */
export type IDeleteRecoveryCodesResult = void;

/** 'DeleteRecoveryCodes' query type */
export interface IDeleteRecoveryCodesQuery {
  params: IDeleteRecoveryCodesParams;
  result: IDeleteRecoveryCodesResult;
}

const deleteRecoveryCodesIR: any = {"usedParamSet":{"userId":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":59,"b":66}]}],"statement":"DELETE FROM gateway.console_recovery_codes WHERE user_id = :userId!"};

/**
 * Query generated from SQL:
 * ```
 * DELETE FROM gateway.console_recovery_codes WHERE user_id = :userId!
 * ```
 */
export const deleteRecoveryCodes = new PreparedQuery<IDeleteRecoveryCodesParams,IDeleteRecoveryCodesResult>(deleteRecoveryCodesIR);


/** 'InsertRecoveryCodes' parameters type */
export interface IInsertRecoveryCodesParams {
  codeHashes: stringArray;
  userId: string;
}

/** 'InsertRecoveryCodes' return type */
export type IInsertRecoveryCodesResult = void;

/** 'InsertRecoveryCodes' query type */
export interface IInsertRecoveryCodesQuery {
  params: IInsertRecoveryCodesParams;
  result: IInsertRecoveryCodesResult;
}

const insertRecoveryCodesIR: any = {"usedParamSet":{"userId":true,"codeHashes":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":71,"b":78}]},{"name":"codeHashes","required":true,"transform":{"type":"scalar"},"locs":[{"a":88,"b":99}]}],"statement":"INSERT INTO gateway.console_recovery_codes (user_id, code_hash) SELECT :userId!, unnest(:codeHashes!::text[])"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO gateway.console_recovery_codes (user_id, code_hash) SELECT :userId!, unnest(:codeHashes!::text[])
 * ```
 */
export const insertRecoveryCodes = new PreparedQuery<IInsertRecoveryCodesParams,IInsertRecoveryCodesResult>(insertRecoveryCodesIR);


/** 'UseRecoveryCode' parameters type */
export interface IUseRecoveryCodeParams {
  codeHash: string;
  now: DateOrString;
  userId: string;
}

/** 'UseRecoveryCode' return type */
export type IUseRecoveryCodeResult = void;

/** 'UseRecoveryCode' query type */
export interface IUseRecoveryCodeQuery {
  params: IUseRecoveryCodeParams;
  result: IUseRecoveryCodeResult;
}

const useRecoveryCodeIR: any = {"usedParamSet":{"now":true,"userId":true,"codeHash":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":52,"b":56}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":74,"b":81}]},{"name":"codeHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":99,"b":108}]}],"statement":"UPDATE gateway.console_recovery_codes SET used_at = :now! WHERE user_id = :userId! AND code_hash = :codeHash! AND used_at IS NULL"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE gateway.console_recovery_codes SET used_at = :now! WHERE user_id = :userId! AND code_hash = :codeHash! AND used_at IS NULL
 * ```
 */
export const useRecoveryCode = new PreparedQuery<IUseRecoveryCodeParams,IUseRecoveryCodeResult>(useRecoveryCodeIR);


/** 'CountRecoveryCodesLeft' parameters type */
export interface ICountRecoveryCodesLeftParams {
  userId: string;
}

/** 'CountRecoveryCodesLeft' return type */
export interface ICountRecoveryCodesLeftResult {
  n: number;
}

/** 'CountRecoveryCodesLeft' query type */
export interface ICountRecoveryCodesLeftQuery {
  params: ICountRecoveryCodesLeftParams;
  result: ICountRecoveryCodesLeftResult;
}

const countRecoveryCodesLeftIR: any = {"usedParamSet":{"userId":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":81,"b":88}]}],"statement":"SELECT count(*)::int AS \"n!\" FROM gateway.console_recovery_codes WHERE user_id = :userId! AND used_at IS NULL"};

/**
 * Query generated from SQL:
 * ```
 * SELECT count(*)::int AS "n!" FROM gateway.console_recovery_codes WHERE user_id = :userId! AND used_at IS NULL
 * ```
 */
export const countRecoveryCodesLeft = new PreparedQuery<ICountRecoveryCodesLeftParams,ICountRecoveryCodesLeftResult>(countRecoveryCodesLeftIR);


