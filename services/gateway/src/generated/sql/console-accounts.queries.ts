/** Types generated for queries found in "src/db/sql/console-accounts.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

export type NumberOrString = number | string;

/** 'InsertConsoleUser' parameters type */
export interface IInsertConsoleUserParams {
  email: string;
  id: string;
  merchantId: string;
  passwordHash: string;
  role: string;
}

/** 'InsertConsoleUser' return type */
export interface IInsertConsoleUserResult {
  createdAt: Date;
  email: string;
  id: string;
  merchantId: string;
  role: string;
  totpSecret: string | null;
}

/** 'InsertConsoleUser' query type */
export interface IInsertConsoleUserQuery {
  params: IInsertConsoleUserParams;
  result: IInsertConsoleUserResult;
}

const insertConsoleUserIR: any = {"usedParamSet":{"id":true,"merchantId":true,"email":true,"passwordHash":true,"role":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":88,"b":91}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":94,"b":105}]},{"name":"email","required":true,"transform":{"type":"scalar"},"locs":[{"a":108,"b":114}]},{"name":"passwordHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":117,"b":130}]},{"name":"role","required":true,"transform":{"type":"scalar"},"locs":[{"a":133,"b":138}]}],"statement":"INSERT INTO gateway.console_users (id, merchant_id, email, password_hash, role)\nVALUES (:id!, :merchantId!, :email!, :passwordHash!, :role!)\nRETURNING id, merchant_id AS \"merchantId\", email, role, totp_secret AS \"totpSecret\", created_at AS \"createdAt\""};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO gateway.console_users (id, merchant_id, email, password_hash, role)
 * VALUES (:id!, :merchantId!, :email!, :passwordHash!, :role!)
 * RETURNING id, merchant_id AS "merchantId", email, role, totp_secret AS "totpSecret", created_at AS "createdAt"
 * ```
 */
export const insertConsoleUser = new PreparedQuery<IInsertConsoleUserParams,IInsertConsoleUserResult>(insertConsoleUserIR);


/** 'SelectUserByEmail' parameters type */
export interface ISelectUserByEmailParams {
  email: string;
  merchantId: string;
}

/** 'SelectUserByEmail' return type */
export interface ISelectUserByEmailResult {
  createdAt: Date;
  email: string;
  id: string;
  merchantId: string;
  role: string;
  totpSecret: string | null;
}

/** 'SelectUserByEmail' query type */
export interface ISelectUserByEmailQuery {
  params: ISelectUserByEmailParams;
  result: ISelectUserByEmailResult;
}

const selectUserByEmailIR: any = {"usedParamSet":{"merchantId":true,"email":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":157,"b":168}]},{"name":"email","required":true,"transform":{"type":"scalar"},"locs":[{"a":182,"b":188}]}],"statement":"SELECT id, merchant_id AS \"merchantId\", email, role, totp_secret AS \"totpSecret\", created_at AS \"createdAt\"\n  FROM gateway.console_users WHERE merchant_id = :merchantId! AND email = :email!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, merchant_id AS "merchantId", email, role, totp_secret AS "totpSecret", created_at AS "createdAt"
 *   FROM gateway.console_users WHERE merchant_id = :merchantId! AND email = :email!
 * ```
 */
export const selectUserByEmail = new PreparedQuery<ISelectUserByEmailParams,ISelectUserByEmailResult>(selectUserByEmailIR);


/** 'SelectUserById' parameters type */
export interface ISelectUserByIdParams {
  id: string;
  merchantId: string;
}

/** 'SelectUserById' return type */
export interface ISelectUserByIdResult {
  createdAt: Date;
  email: string;
  id: string;
  merchantId: string;
  role: string;
  totpSecret: string | null;
}

/** 'SelectUserById' query type */
export interface ISelectUserByIdQuery {
  params: ISelectUserByIdParams;
  result: ISelectUserByIdResult;
}

const selectUserByIdIR: any = {"usedParamSet":{"merchantId":true,"id":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":157,"b":168}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":179,"b":182}]}],"statement":"SELECT id, merchant_id AS \"merchantId\", email, role, totp_secret AS \"totpSecret\", created_at AS \"createdAt\"\n  FROM gateway.console_users WHERE merchant_id = :merchantId! AND id = :id! LIMIT 1"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, merchant_id AS "merchantId", email, role, totp_secret AS "totpSecret", created_at AS "createdAt"
 *   FROM gateway.console_users WHERE merchant_id = :merchantId! AND id = :id! LIMIT 1
 * ```
 */
export const selectUserById = new PreparedQuery<ISelectUserByIdParams,ISelectUserByIdResult>(selectUserByIdIR);


/** 'SelectUsersForSignIn' parameters type */
export interface ISelectUsersForSignInParams {
  email: string;
  max: NumberOrString;
}

/** 'SelectUsersForSignIn' return type */
export interface ISelectUsersForSignInResult {
  createdAt: Date;
  email: string;
  id: string;
  merchantId: string;
  passwordHash: string;
  role: string;
  totpLastStep: string | null;
  totpSecret: string | null;
}

/** 'SelectUsersForSignIn' query type */
export interface ISelectUsersForSignInQuery {
  params: ISelectUsersForSignInParams;
  result: ISelectUsersForSignInResult;
}

const selectUsersForSignInIR: any = {"usedParamSet":{"email":true,"max":true},"params":[{"name":"email","required":true,"transform":{"type":"scalar"},"locs":[{"a":225,"b":231}]},{"name":"max","required":true,"transform":{"type":"scalar"},"locs":[{"a":263,"b":267}]}],"statement":"SELECT id, merchant_id AS \"merchantId\", email, role, totp_secret AS \"totpSecret\", created_at AS \"createdAt\",\n       password_hash AS \"passwordHash\", totp_last_step AS \"totpLastStep\"\n  FROM gateway.console_users WHERE email = :email! ORDER BY created_at, id LIMIT :max!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, merchant_id AS "merchantId", email, role, totp_secret AS "totpSecret", created_at AS "createdAt",
 *        password_hash AS "passwordHash", totp_last_step AS "totpLastStep"
 *   FROM gateway.console_users WHERE email = :email! ORDER BY created_at, id LIMIT :max!
 * ```
 */
export const selectUsersForSignIn = new PreparedQuery<ISelectUsersForSignInParams,ISelectUsersForSignInResult>(selectUsersForSignInIR);


/** 'SelectUsers' parameters type */
export interface ISelectUsersParams {
  merchantId: string;
}

/** 'SelectUsers' return type */
export interface ISelectUsersResult {
  createdAt: Date;
  email: string;
  id: string;
  merchantId: string;
  role: string;
  totpSecret: string | null;
}

/** 'SelectUsers' query type */
export interface ISelectUsersQuery {
  params: ISelectUsersParams;
  result: ISelectUsersResult;
}

const selectUsersIR: any = {"usedParamSet":{"merchantId":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":157,"b":168}]}],"statement":"SELECT id, merchant_id AS \"merchantId\", email, role, totp_secret AS \"totpSecret\", created_at AS \"createdAt\"\n  FROM gateway.console_users WHERE merchant_id = :merchantId! ORDER BY created_at, id"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, merchant_id AS "merchantId", email, role, totp_secret AS "totpSecret", created_at AS "createdAt"
 *   FROM gateway.console_users WHERE merchant_id = :merchantId! ORDER BY created_at, id
 * ```
 */
export const selectUsers = new PreparedQuery<ISelectUsersParams,ISelectUsersResult>(selectUsersIR);


/** 'DeleteUser' parameters type */
export interface IDeleteUserParams {
  id: string;
}

/** 'DeleteUser' return type */
export type IDeleteUserResult = void;

/** 'DeleteUser' query type */
export interface IDeleteUserQuery {
  params: IDeleteUserParams;
  result: IDeleteUserResult;
}

const deleteUserIR: any = {"usedParamSet":{"id":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":45,"b":48}]}],"statement":"DELETE FROM gateway.console_users WHERE id = :id!"};

/**
 * Query generated from SQL:
 * ```
 * DELETE FROM gateway.console_users WHERE id = :id!
 * ```
 */
export const deleteUser = new PreparedQuery<IDeleteUserParams,IDeleteUserResult>(deleteUserIR);


/** 'SetUserRole' parameters type */
export interface ISetUserRoleParams {
  id: string;
  merchantId: string;
  role: string;
}

/** 'SetUserRole' return type */
export interface ISetUserRoleResult {
  createdAt: Date;
  email: string;
  id: string;
  merchantId: string;
  role: string;
  totpSecret: string | null;
}

/** 'SetUserRole' query type */
export interface ISetUserRoleQuery {
  params: ISetUserRoleParams;
  result: ISetUserRoleResult;
}

const setUserRoleIR: any = {"usedParamSet":{"role":true,"merchantId":true,"id":true},"params":[{"name":"role","required":true,"transform":{"type":"scalar"},"locs":[{"a":40,"b":45}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":67,"b":78}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":89,"b":92}]}],"statement":"UPDATE gateway.console_users SET role = :role! WHERE merchant_id = :merchantId! AND id = :id!\nRETURNING id, merchant_id AS \"merchantId\", email, role, totp_secret AS \"totpSecret\", created_at AS \"createdAt\""};

/**
 * Query generated from SQL:
 * ```
 * UPDATE gateway.console_users SET role = :role! WHERE merchant_id = :merchantId! AND id = :id!
 * RETURNING id, merchant_id AS "merchantId", email, role, totp_secret AS "totpSecret", created_at AS "createdAt"
 * ```
 */
export const setUserRole = new PreparedQuery<ISetUserRoleParams,ISetUserRoleResult>(setUserRoleIR);


/** 'ReplacePasswordHash' parameters type */
export interface IReplacePasswordHashParams {
  fresh: string;
  old: string;
  userId: string;
}

/** 'ReplacePasswordHash' return type */
export type IReplacePasswordHashResult = void;

/** 'ReplacePasswordHash' query type */
export interface IReplacePasswordHashQuery {
  params: IReplacePasswordHashParams;
  result: IReplacePasswordHashResult;
}

const replacePasswordHashIR: any = {"usedParamSet":{"fresh":true,"userId":true,"old":true},"params":[{"name":"fresh","required":true,"transform":{"type":"scalar"},"locs":[{"a":49,"b":55}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":68,"b":75}]},{"name":"old","required":true,"transform":{"type":"scalar"},"locs":[{"a":97,"b":101}]}],"statement":"UPDATE gateway.console_users SET password_hash = :fresh! WHERE id = :userId! AND password_hash = :old!"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE gateway.console_users SET password_hash = :fresh! WHERE id = :userId! AND password_hash = :old!
 * ```
 */
export const replacePasswordHash = new PreparedQuery<IReplacePasswordHashParams,IReplacePasswordHashResult>(replacePasswordHashIR);


/** 'DeleteSessionsOfUser' parameters type */
export interface IDeleteSessionsOfUserParams {
  keep?: string | null | void;
  userId: string;
}

/** 'DeleteSessionsOfUser' return type */
export type IDeleteSessionsOfUserResult = void;

/** 'DeleteSessionsOfUser' query type */
export interface IDeleteSessionsOfUserQuery {
  params: IDeleteSessionsOfUserParams;
  result: IDeleteSessionsOfUserResult;
}

const deleteSessionsOfUserIR: any = {"usedParamSet":{"userId":true,"keep":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":53,"b":60}]},{"name":"keep","required":false,"transform":{"type":"scalar"},"locs":[{"a":67,"b":71},{"a":104,"b":108}]}],"statement":"DELETE FROM gateway.console_sessions WHERE user_id = :userId! AND (:keep::text IS NULL OR token_hash <> :keep)"};

/**
 * Query generated from SQL:
 * ```
 * DELETE FROM gateway.console_sessions WHERE user_id = :userId! AND (:keep::text IS NULL OR token_hash <> :keep)
 * ```
 */
export const deleteSessionsOfUser = new PreparedQuery<IDeleteSessionsOfUserParams,IDeleteSessionsOfUserResult>(deleteSessionsOfUserIR);


/** 'InsertSession' parameters type */
export interface IInsertSessionParams {
  at: DateOrString;
  csrfToken: string;
  expiresAt: DateOrString;
  tokenHash: string;
  userId: string;
}

/** 'InsertSession' return type */
export type IInsertSessionResult = void;

/** 'InsertSession' query type */
export interface IInsertSessionQuery {
  params: IInsertSessionParams;
  result: IInsertSessionResult;
}

const insertSessionIR: any = {"usedParamSet":{"tokenHash":true,"userId":true,"csrfToken":true,"at":true,"expiresAt":true},"params":[{"name":"tokenHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":117,"b":127}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":130,"b":137}]},{"name":"csrfToken","required":true,"transform":{"type":"scalar"},"locs":[{"a":140,"b":150}]},{"name":"at","required":true,"transform":{"type":"scalar"},"locs":[{"a":153,"b":156},{"a":159,"b":162}]},{"name":"expiresAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":165,"b":175}]}],"statement":"INSERT INTO gateway.console_sessions (token_hash, user_id, csrf_token, created_at, last_seen_at, expires_at)\nVALUES (:tokenHash!, :userId!, :csrfToken!, :at!, :at!, :expiresAt!)"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO gateway.console_sessions (token_hash, user_id, csrf_token, created_at, last_seen_at, expires_at)
 * VALUES (:tokenHash!, :userId!, :csrfToken!, :at!, :at!, :expiresAt!)
 * ```
 */
export const insertSession = new PreparedQuery<IInsertSessionParams,IInsertSessionResult>(insertSessionIR);


/** 'SelectSession' parameters type */
export interface ISelectSessionParams {
  tokenHash: string;
}

/** 'SelectSession' return type */
export interface ISelectSessionResult {
  creditorAccountId: string | null;
  creditorAccountName: string | null;
  creditorAccountScheme: string | null;
  csrfToken: string;
  email: string;
  expiresAt: Date;
  lastSeenAt: Date;
  merchantCreatedAt: Date;
  merchantId: string;
  merchantName: string;
  payoutCurrency: string;
  role: string;
  tokenHash: string;
  totpSecret: string | null;
  userCreatedAt: Date;
  userId: string;
}

/** 'SelectSession' query type */
export interface ISelectSessionQuery {
  params: ISelectSessionParams;
  result: ISelectSessionResult;
}

const selectSessionIR: any = {"usedParamSet":{"tokenHash":true},"params":[{"name":"tokenHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":684,"b":694}]}],"statement":"SELECT s.token_hash AS \"tokenHash\", s.csrf_token AS \"csrfToken\", s.expires_at AS \"expiresAt\", s.last_seen_at AS \"lastSeenAt\",\n       u.id AS \"userId\", u.email, u.role, u.totp_secret AS \"totpSecret\", u.created_at AS \"userCreatedAt\",\n       m.id AS \"merchantId\", m.name AS \"merchantName\", m.payout_currency AS \"payoutCurrency\", m.created_at AS \"merchantCreatedAt\",\n       m.creditor_account_scheme AS \"creditorAccountScheme\", m.creditor_account_id AS \"creditorAccountId\",\n       m.creditor_account_name AS \"creditorAccountName\"\n  FROM gateway.console_sessions s\n  JOIN gateway.console_users u ON u.id = s.user_id\n  JOIN gateway.merchants m ON m.id = u.merchant_id\n WHERE s.token_hash = :tokenHash!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT s.token_hash AS "tokenHash", s.csrf_token AS "csrfToken", s.expires_at AS "expiresAt", s.last_seen_at AS "lastSeenAt",
 *        u.id AS "userId", u.email, u.role, u.totp_secret AS "totpSecret", u.created_at AS "userCreatedAt",
 *        m.id AS "merchantId", m.name AS "merchantName", m.payout_currency AS "payoutCurrency", m.created_at AS "merchantCreatedAt",
 *        m.creditor_account_scheme AS "creditorAccountScheme", m.creditor_account_id AS "creditorAccountId",
 *        m.creditor_account_name AS "creditorAccountName"
 *   FROM gateway.console_sessions s
 *   JOIN gateway.console_users u ON u.id = s.user_id
 *   JOIN gateway.merchants m ON m.id = u.merchant_id
 *  WHERE s.token_hash = :tokenHash!
 * ```
 */
export const selectSession = new PreparedQuery<ISelectSessionParams,ISelectSessionResult>(selectSessionIR);


/** 'TouchSession' parameters type */
export interface ITouchSessionParams {
  now: DateOrString;
  tokenHash: string;
}

/** 'TouchSession' return type */
export type ITouchSessionResult = void;

/** 'TouchSession' query type */
export interface ITouchSessionQuery {
  params: ITouchSessionParams;
  result: ITouchSessionResult;
}

const touchSessionIR: any = {"usedParamSet":{"now":true,"tokenHash":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":51,"b":55}]},{"name":"tokenHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":76,"b":86}]}],"statement":"UPDATE gateway.console_sessions SET last_seen_at = :now! WHERE token_hash = :tokenHash!"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE gateway.console_sessions SET last_seen_at = :now! WHERE token_hash = :tokenHash!
 * ```
 */
export const touchSession = new PreparedQuery<ITouchSessionParams,ITouchSessionResult>(touchSessionIR);


/** 'DeleteSession' parameters type */
export interface IDeleteSessionParams {
  tokenHash: string;
}

/** 'DeleteSession' return type */
export type IDeleteSessionResult = void;

/** 'DeleteSession' query type */
export interface IDeleteSessionQuery {
  params: IDeleteSessionParams;
  result: IDeleteSessionResult;
}

const deleteSessionIR: any = {"usedParamSet":{"tokenHash":true},"params":[{"name":"tokenHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":56,"b":66}]}],"statement":"DELETE FROM gateway.console_sessions WHERE token_hash = :tokenHash!"};

/**
 * Query generated from SQL:
 * ```
 * DELETE FROM gateway.console_sessions WHERE token_hash = :tokenHash!
 * ```
 */
export const deleteSession = new PreparedQuery<IDeleteSessionParams,IDeleteSessionResult>(deleteSessionIR);


/** 'DeleteExpiredSessions' parameters type */
export interface IDeleteExpiredSessionsParams {
  now: DateOrString;
}

/** 'DeleteExpiredSessions' return type */
export type IDeleteExpiredSessionsResult = void;

/** 'DeleteExpiredSessions' query type */
export interface IDeleteExpiredSessionsQuery {
  params: IDeleteExpiredSessionsParams;
  result: IDeleteExpiredSessionsResult;
}

const deleteExpiredSessionsIR: any = {"usedParamSet":{"now":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":57,"b":61}]}],"statement":"DELETE FROM gateway.console_sessions WHERE expires_at <= :now!"};

/**
 * Query generated from SQL:
 * ```
 * DELETE FROM gateway.console_sessions WHERE expires_at <= :now!
 * ```
 */
export const deleteExpiredSessions = new PreparedQuery<IDeleteExpiredSessionsParams,IDeleteExpiredSessionsResult>(deleteExpiredSessionsIR);


/** 'DeleteSignInAttemptsBefore' parameters type */
export interface IDeleteSignInAttemptsBeforeParams {
  before: DateOrString;
}

/** 'DeleteSignInAttemptsBefore' return type */
export type IDeleteSignInAttemptsBeforeResult = void;

/** 'DeleteSignInAttemptsBefore' query type */
export interface IDeleteSignInAttemptsBeforeQuery {
  params: IDeleteSignInAttemptsBeforeParams;
  result: IDeleteSignInAttemptsBeforeResult;
}

const deleteSignInAttemptsBeforeIR: any = {"usedParamSet":{"before":true},"params":[{"name":"before","required":true,"transform":{"type":"scalar"},"locs":[{"a":56,"b":63}]}],"statement":"DELETE FROM gateway.console_sign_in_attempts WHERE at < :before!"};

/**
 * Query generated from SQL:
 * ```
 * DELETE FROM gateway.console_sign_in_attempts WHERE at < :before!
 * ```
 */
export const deleteSignInAttemptsBefore = new PreparedQuery<IDeleteSignInAttemptsBeforeParams,IDeleteSignInAttemptsBeforeResult>(deleteSignInAttemptsBeforeIR);


/** 'CountOpenInvitations' parameters type */
export interface ICountOpenInvitationsParams {
  maxCodeFailures: number;
  merchantId: string;
  now: DateOrString;
}

/** 'CountOpenInvitations' return type */
export interface ICountOpenInvitationsResult {
  n: number;
}

/** 'CountOpenInvitations' query type */
export interface ICountOpenInvitationsQuery {
  params: ICountOpenInvitationsParams;
  result: ICountOpenInvitationsResult;
}

const countOpenInvitationsIR: any = {"usedParamSet":{"merchantId":true,"now":true,"maxCodeFailures":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":83,"b":94}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":160,"b":164}]},{"name":"maxCodeFailures","required":true,"transform":{"type":"scalar"},"locs":[{"a":186,"b":202}]}],"statement":"SELECT count(*)::int AS \"n!\" FROM gateway.console_invitations\n WHERE merchant_id = :merchantId! AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > :now! AND code_failures < :maxCodeFailures!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT count(*)::int AS "n!" FROM gateway.console_invitations
 *  WHERE merchant_id = :merchantId! AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > :now! AND code_failures < :maxCodeFailures!
 * ```
 */
export const countOpenInvitations = new PreparedQuery<ICountOpenInvitationsParams,ICountOpenInvitationsResult>(countOpenInvitationsIR);


/** 'InsertInvitation' parameters type */
export interface IInsertInvitationParams {
  codeHash: string;
  createdAt: DateOrString;
  email: string;
  expiresAt: DateOrString;
  id: string;
  invitedBy: string;
  merchantId: string;
  role: string;
  tokenHash: string;
}

/** 'InsertInvitation' return type */
export type IInsertInvitationResult = void;

/** 'InsertInvitation' query type */
export interface IInsertInvitationQuery {
  params: IInsertInvitationParams;
  result: IInsertInvitationResult;
}

const insertInvitationIR: any = {"usedParamSet":{"id":true,"merchantId":true,"email":true,"role":true,"createdAt":true,"expiresAt":true,"tokenHash":true,"codeHash":true,"invitedBy":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":138,"b":141}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":144,"b":155}]},{"name":"email","required":true,"transform":{"type":"scalar"},"locs":[{"a":158,"b":164}]},{"name":"role","required":true,"transform":{"type":"scalar"},"locs":[{"a":167,"b":172}]},{"name":"createdAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":175,"b":185}]},{"name":"expiresAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":188,"b":198}]},{"name":"tokenHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":201,"b":211}]},{"name":"codeHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":214,"b":223}]},{"name":"invitedBy","required":true,"transform":{"type":"scalar"},"locs":[{"a":226,"b":236}]}],"statement":"INSERT INTO gateway.console_invitations (id, merchant_id, email, role, created_at, expires_at, token_hash, code_hash, invited_by)\nVALUES (:id!, :merchantId!, :email!, :role!, :createdAt!, :expiresAt!, :tokenHash!, :codeHash!, :invitedBy!)"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO gateway.console_invitations (id, merchant_id, email, role, created_at, expires_at, token_hash, code_hash, invited_by)
 * VALUES (:id!, :merchantId!, :email!, :role!, :createdAt!, :expiresAt!, :tokenHash!, :codeHash!, :invitedBy!)
 * ```
 */
export const insertInvitation = new PreparedQuery<IInsertInvitationParams,IInsertInvitationResult>(insertInvitationIR);


/** 'SelectOpenInvitation' parameters type */
export interface ISelectOpenInvitationParams {
  maxCodeFailures: number;
  now: DateOrString;
  tokenHash: string;
}

/** 'SelectOpenInvitation' return type */
export interface ISelectOpenInvitationResult {
  codeHash: string | null;
  createdAt: Date;
  email: string;
  expiresAt: Date;
  id: string;
  merchantId: string;
  role: string;
}

/** 'SelectOpenInvitation' query type */
export interface ISelectOpenInvitationQuery {
  params: ISelectOpenInvitationParams;
  result: ISelectOpenInvitationResult;
}

const selectOpenInvitationIR: any = {"usedParamSet":{"tokenHash":true,"now":true,"maxCodeFailures":true},"params":[{"name":"tokenHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":186,"b":196}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":262,"b":266}]},{"name":"maxCodeFailures","required":true,"transform":{"type":"scalar"},"locs":[{"a":288,"b":304}]}],"statement":"SELECT id, merchant_id AS \"merchantId\", email, role, created_at AS \"createdAt\", expires_at AS \"expiresAt\", code_hash AS \"codeHash\"\n  FROM gateway.console_invitations\n WHERE token_hash = :tokenHash! AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > :now! AND code_failures < :maxCodeFailures!\n LIMIT 1"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, merchant_id AS "merchantId", email, role, created_at AS "createdAt", expires_at AS "expiresAt", code_hash AS "codeHash"
 *   FROM gateway.console_invitations
 *  WHERE token_hash = :tokenHash! AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > :now! AND code_failures < :maxCodeFailures!
 *  LIMIT 1
 * ```
 */
export const selectOpenInvitation = new PreparedQuery<ISelectOpenInvitationParams,ISelectOpenInvitationResult>(selectOpenInvitationIR);


/** 'CountWrongCode' parameters type */
export interface ICountWrongCodeParams {
  tokenHash: string;
}

/** 'CountWrongCode' return type */
export type ICountWrongCodeResult = void;

/** 'CountWrongCode' query type */
export interface ICountWrongCodeQuery {
  params: ICountWrongCodeParams;
  result: ICountWrongCodeResult;
}

const countWrongCodeIR: any = {"usedParamSet":{"tokenHash":true},"params":[{"name":"tokenHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":92,"b":102}]}],"statement":"UPDATE gateway.console_invitations SET code_failures = code_failures + 1 WHERE token_hash = :tokenHash!"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE gateway.console_invitations SET code_failures = code_failures + 1 WHERE token_hash = :tokenHash!
 * ```
 */
export const countWrongCode = new PreparedQuery<ICountWrongCodeParams,ICountWrongCodeResult>(countWrongCodeIR);


/** 'RevokeInvitation' parameters type */
export interface IRevokeInvitationParams {
  id: string;
  maxCodeFailures: number;
  merchantId: string;
  now: DateOrString;
}

/** 'RevokeInvitation' return type */
export interface IRevokeInvitationResult {
  createdAt: Date;
  email: string;
  expiresAt: Date;
  id: string;
  merchantId: string;
  role: string;
}

/** 'RevokeInvitation' query type */
export interface IRevokeInvitationQuery {
  params: IRevokeInvitationParams;
  result: IRevokeInvitationResult;
}

const revokeInvitationIR: any = {"usedParamSet":{"now":true,"merchantId":true,"id":true,"maxCodeFailures":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":52,"b":56},{"a":173,"b":177}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":79,"b":90}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":101,"b":104}]},{"name":"maxCodeFailures","required":true,"transform":{"type":"scalar"},"locs":[{"a":199,"b":215}]}],"statement":"UPDATE gateway.console_invitations SET revoked_at = :now!\n WHERE merchant_id = :merchantId! AND id = :id!\n   AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > :now! AND code_failures < :maxCodeFailures!\nRETURNING id, merchant_id AS \"merchantId\", email, role, created_at AS \"createdAt\", expires_at AS \"expiresAt\""};

/**
 * Query generated from SQL:
 * ```
 * UPDATE gateway.console_invitations SET revoked_at = :now!
 *  WHERE merchant_id = :merchantId! AND id = :id!
 *    AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > :now! AND code_failures < :maxCodeFailures!
 * RETURNING id, merchant_id AS "merchantId", email, role, created_at AS "createdAt", expires_at AS "expiresAt"
 * ```
 */
export const revokeInvitation = new PreparedQuery<IRevokeInvitationParams,IRevokeInvitationResult>(revokeInvitationIR);


/** 'SelectOpenInvitations' parameters type */
export interface ISelectOpenInvitationsParams {
  maxCodeFailures: number;
  merchantId: string;
  now: DateOrString;
}

/** 'SelectOpenInvitations' return type */
export interface ISelectOpenInvitationsResult {
  createdAt: Date;
  email: string;
  expiresAt: Date;
  id: string;
  merchantId: string;
  role: string;
}

/** 'SelectOpenInvitations' query type */
export interface ISelectOpenInvitationsQuery {
  params: ISelectOpenInvitationsParams;
  result: ISelectOpenInvitationsResult;
}

const selectOpenInvitationsIR: any = {"usedParamSet":{"merchantId":true,"now":true,"maxCodeFailures":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":162,"b":173}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":239,"b":243}]},{"name":"maxCodeFailures","required":true,"transform":{"type":"scalar"},"locs":[{"a":265,"b":281}]}],"statement":"SELECT id, merchant_id AS \"merchantId\", email, role, created_at AS \"createdAt\", expires_at AS \"expiresAt\"\n  FROM gateway.console_invitations\n WHERE merchant_id = :merchantId! AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > :now! AND code_failures < :maxCodeFailures!\n ORDER BY created_at DESC, id DESC"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, merchant_id AS "merchantId", email, role, created_at AS "createdAt", expires_at AS "expiresAt"
 *   FROM gateway.console_invitations
 *  WHERE merchant_id = :merchantId! AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > :now! AND code_failures < :maxCodeFailures!
 *  ORDER BY created_at DESC, id DESC
 * ```
 */
export const selectOpenInvitations = new PreparedQuery<ISelectOpenInvitationsParams,ISelectOpenInvitationsResult>(selectOpenInvitationsIR);


/** 'AcceptInvitation' parameters type */
export interface IAcceptInvitationParams {
  codeHash: string;
  maxCodeFailures: number;
  now: DateOrString;
  passwordHash: string;
  tokenHash: string;
  userId: string;
}

/** 'AcceptInvitation' return type */
export interface IAcceptInvitationResult {
  createdAt: Date;
  email: string;
  id: string;
  merchantId: string;
  role: string;
}

/** 'AcceptInvitation' query type */
export interface IAcceptInvitationQuery {
  params: IAcceptInvitationParams;
  result: IAcceptInvitationResult;
}

const acceptInvitationIR: any = {"usedParamSet":{"now":true,"tokenHash":true,"codeHash":true,"maxCodeFailures":true,"userId":true,"passwordHash":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":73,"b":77},{"a":209,"b":213},{"a":442,"b":446}]},{"name":"tokenHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":101,"b":111}]},{"name":"codeHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":129,"b":138}]},{"name":"maxCodeFailures","required":true,"transform":{"type":"scalar"},"locs":[{"a":235,"b":251}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":390,"b":397}]},{"name":"passwordHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":420,"b":433}]}],"statement":"WITH claimed AS (\n  UPDATE gateway.console_invitations SET accepted_at = :now!\n   WHERE token_hash = :tokenHash! AND code_hash = :codeHash! AND accepted_at IS NULL AND revoked_at IS NULL\n     AND expires_at > :now! AND code_failures < :maxCodeFailures!\n  RETURNING merchant_id, email, role)\nINSERT INTO gateway.console_users (id, merchant_id, email, password_hash, role, created_at)\nSELECT :userId!, merchant_id, email, :passwordHash!, role, :now! FROM claimed\nRETURNING id, merchant_id AS \"merchantId\", email, role, created_at AS \"createdAt\""};

/**
 * Query generated from SQL:
 * ```
 * WITH claimed AS (
 *   UPDATE gateway.console_invitations SET accepted_at = :now!
 *    WHERE token_hash = :tokenHash! AND code_hash = :codeHash! AND accepted_at IS NULL AND revoked_at IS NULL
 *      AND expires_at > :now! AND code_failures < :maxCodeFailures!
 *   RETURNING merchant_id, email, role)
 * INSERT INTO gateway.console_users (id, merchant_id, email, password_hash, role, created_at)
 * SELECT :userId!, merchant_id, email, :passwordHash!, role, :now! FROM claimed
 * RETURNING id, merchant_id AS "merchantId", email, role, created_at AS "createdAt"
 * ```
 */
export const acceptInvitation = new PreparedQuery<IAcceptInvitationParams,IAcceptInvitationResult>(acceptInvitationIR);


/** 'LockSignInPair' parameters type */
export interface ILockSignInPairParams {
  pair: string;
}

/** 'LockSignInPair' return type */
export interface ILockSignInPairResult {
  locked: string | null;
}

/** 'LockSignInPair' query type */
export interface ILockSignInPairQuery {
  params: ILockSignInPairParams;
  result: ILockSignInPairResult;
}

const lockSignInPairIR: any = {"usedParamSet":{"pair":true},"params":[{"name":"pair","required":true,"transform":{"type":"scalar"},"locs":[{"a":72,"b":77}]}],"statement":"SELECT pg_advisory_xact_lock(hashtext('console-sign-in:pair'), hashtext(:pair!))::text AS locked"};

/**
 * Query generated from SQL:
 * ```
 * SELECT pg_advisory_xact_lock(hashtext('console-sign-in:pair'), hashtext(:pair!))::text AS locked
 * ```
 */
export const lockSignInPair = new PreparedQuery<ILockSignInPairParams,ILockSignInPairResult>(lockSignInPairIR);


/** 'LockSignInAddress' parameters type */
export interface ILockSignInAddressParams {
  address: string;
}

/** 'LockSignInAddress' return type */
export interface ILockSignInAddressResult {
  locked: string | null;
}

/** 'LockSignInAddress' query type */
export interface ILockSignInAddressQuery {
  params: ILockSignInAddressParams;
  result: ILockSignInAddressResult;
}

const lockSignInAddressIR: any = {"usedParamSet":{"address":true},"params":[{"name":"address","required":true,"transform":{"type":"scalar"},"locs":[{"a":75,"b":83}]}],"statement":"SELECT pg_advisory_xact_lock(hashtext('console-sign-in:address'), hashtext(:address!))::text AS locked"};

/**
 * Query generated from SQL:
 * ```
 * SELECT pg_advisory_xact_lock(hashtext('console-sign-in:address'), hashtext(:address!))::text AS locked
 * ```
 */
export const lockSignInAddress = new PreparedQuery<ILockSignInAddressParams,ILockSignInAddressResult>(lockSignInAddressIR);


/** 'CountSignInFailures' parameters type */
export interface ICountSignInFailuresParams {
  address: string;
  email: string;
  since: DateOrString;
}

/** 'CountSignInFailures' return type */
export interface ICountSignInFailuresResult {
  addressCount: number;
  addressLastAt: Date | null;
  pairCount: number;
  pairLastAt: Date | null;
}

/** 'CountSignInFailures' query type */
export interface ICountSignInFailuresQuery {
  params: ICountSignInFailuresParams;
  result: ICountSignInFailuresResult;
}

const countSignInFailuresIR: any = {"usedParamSet":{"email":true,"address":true,"since":true},"params":[{"name":"email","required":true,"transform":{"type":"scalar"},"locs":[{"a":38,"b":44},{"a":99,"b":105}]},{"name":"address","required":true,"transform":{"type":"scalar"},"locs":[{"a":249,"b":257}]},{"name":"since","required":true,"transform":{"type":"scalar"},"locs":[{"a":268,"b":274}]}],"statement":"SELECT count(*) FILTER (WHERE email = :email!)::int AS \"pairCount!\", max(at) FILTER (WHERE email = :email!) AS \"pairLastAt\",\n       count(*)::int AS \"addressCount!\", max(at) AS \"addressLastAt\"\n  FROM gateway.console_sign_in_attempts WHERE address = :address! AND at > :since!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT count(*) FILTER (WHERE email = :email!)::int AS "pairCount!", max(at) FILTER (WHERE email = :email!) AS "pairLastAt",
 *        count(*)::int AS "addressCount!", max(at) AS "addressLastAt"
 *   FROM gateway.console_sign_in_attempts WHERE address = :address! AND at > :since!
 * ```
 */
export const countSignInFailures = new PreparedQuery<ICountSignInFailuresParams,ICountSignInFailuresResult>(countSignInFailuresIR);


/** 'InsertSignInAttempt' parameters type */
export interface IInsertSignInAttemptParams {
  address: string;
  at: DateOrString;
  email: string;
}

/** 'InsertSignInAttempt' return type */
export interface IInsertSignInAttemptResult {
  id: string;
}

/** 'InsertSignInAttempt' query type */
export interface IInsertSignInAttemptQuery {
  params: IInsertSignInAttemptParams;
  result: IInsertSignInAttemptResult;
}

const insertSignInAttemptIR: any = {"usedParamSet":{"email":true,"address":true,"at":true},"params":[{"name":"email","required":true,"transform":{"type":"scalar"},"locs":[{"a":74,"b":80}]},{"name":"address","required":true,"transform":{"type":"scalar"},"locs":[{"a":83,"b":91}]},{"name":"at","required":true,"transform":{"type":"scalar"},"locs":[{"a":94,"b":97}]}],"statement":"INSERT INTO gateway.console_sign_in_attempts (email, address, at) VALUES (:email!, :address!, :at!) RETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO gateway.console_sign_in_attempts (email, address, at) VALUES (:email!, :address!, :at!) RETURNING id
 * ```
 */
export const insertSignInAttempt = new PreparedQuery<IInsertSignInAttemptParams,IInsertSignInAttemptResult>(insertSignInAttemptIR);


/** 'DeleteSignInAttempt' parameters type */
export interface IDeleteSignInAttemptParams {
  id: NumberOrString;
}

/** 'DeleteSignInAttempt' return type */
export type IDeleteSignInAttemptResult = void;

/** 'DeleteSignInAttempt' query type */
export interface IDeleteSignInAttemptQuery {
  params: IDeleteSignInAttemptParams;
  result: IDeleteSignInAttemptResult;
}

const deleteSignInAttemptIR: any = {"usedParamSet":{"id":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":56,"b":59}]}],"statement":"DELETE FROM gateway.console_sign_in_attempts WHERE id = :id!"};

/**
 * Query generated from SQL:
 * ```
 * DELETE FROM gateway.console_sign_in_attempts WHERE id = :id!
 * ```
 */
export const deleteSignInAttempt = new PreparedQuery<IDeleteSignInAttemptParams,IDeleteSignInAttemptResult>(deleteSignInAttemptIR);


/** 'ClearSignInAttempts' parameters type */
export interface IClearSignInAttemptsParams {
  address: string;
  email: string;
}

/** 'ClearSignInAttempts' return type */
export type IClearSignInAttemptsResult = void;

/** 'ClearSignInAttempts' query type */
export interface IClearSignInAttemptsQuery {
  params: IClearSignInAttemptsParams;
  result: IClearSignInAttemptsResult;
}

const clearSignInAttemptsIR: any = {"usedParamSet":{"email":true,"address":true},"params":[{"name":"email","required":true,"transform":{"type":"scalar"},"locs":[{"a":59,"b":65}]},{"name":"address","required":true,"transform":{"type":"scalar"},"locs":[{"a":81,"b":89}]}],"statement":"DELETE FROM gateway.console_sign_in_attempts WHERE email = :email! AND address = :address!"};

/**
 * Query generated from SQL:
 * ```
 * DELETE FROM gateway.console_sign_in_attempts WHERE email = :email! AND address = :address!
 * ```
 */
export const clearSignInAttempts = new PreparedQuery<IClearSignInAttemptsParams,IClearSignInAttemptsResult>(clearSignInAttemptsIR);


