/** Types generated for queries found in "src/db/sql/console-mail.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

export type NumberOrString = number | string;

/** 'QueueMail' parameters type */
export interface IQueueMailParams {
  body: string;
  subject: string;
  to: string;
}

/** 'QueueMail' return type */
export type IQueueMailResult = void;

/** 'QueueMail' query type */
export interface IQueueMailQuery {
  params: IQueueMailParams;
  result: IQueueMailResult;
}

const queueMailIR: any = {"usedParamSet":{"to":true,"subject":true,"body":true},"params":[{"name":"to","required":true,"transform":{"type":"scalar"},"locs":[{"a":76,"b":79}]},{"name":"subject","required":true,"transform":{"type":"scalar"},"locs":[{"a":82,"b":90}]},{"name":"body","required":true,"transform":{"type":"scalar"},"locs":[{"a":93,"b":98}]}],"statement":"INSERT INTO gateway.console_mail_outbox (to_address, subject, body) VALUES (:to!, :subject!, :body!)"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO gateway.console_mail_outbox (to_address, subject, body) VALUES (:to!, :subject!, :body!)
 * ```
 */
export const queueMail = new PreparedQuery<IQueueMailParams,IQueueMailResult>(queueMailIR);


/** 'SelectUnsentMail' parameters type */
export interface ISelectUnsentMailParams {
  limit: NumberOrString;
  maxAttempts: number;
}

/** 'SelectUnsentMail' return type */
export interface ISelectUnsentMailResult {
  body: string;
  id: string;
  subject: string;
  to: string;
}

/** 'SelectUnsentMail' query type */
export interface ISelectUnsentMailQuery {
  params: ISelectUnsentMailParams;
  result: ISelectUnsentMailResult;
}

const selectUnsentMailIR: any = {"usedParamSet":{"maxAttempts":true,"limit":true},"params":[{"name":"maxAttempts","required":true,"transform":{"type":"scalar"},"locs":[{"a":116,"b":128}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":148,"b":154}]}],"statement":"SELECT id, to_address AS \"to\", subject, body FROM gateway.console_mail_outbox\n WHERE sent_at IS NULL AND attempts < :maxAttempts! ORDER BY id LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, to_address AS "to", subject, body FROM gateway.console_mail_outbox
 *  WHERE sent_at IS NULL AND attempts < :maxAttempts! ORDER BY id LIMIT :limit!
 * ```
 */
export const selectUnsentMail = new PreparedQuery<ISelectUnsentMailParams,ISelectUnsentMailResult>(selectUnsentMailIR);


/** 'MarkMailSent' parameters type */
export interface IMarkMailSentParams {
  at: DateOrString;
  id: NumberOrString;
}

/** 'MarkMailSent' return type */
export type IMarkMailSentResult = void;

/** 'MarkMailSent' query type */
export interface IMarkMailSentQuery {
  params: IMarkMailSentParams;
  result: IMarkMailSentResult;
}

const markMailSentIR: any = {"usedParamSet":{"at":true,"id":true},"params":[{"name":"at","required":true,"transform":{"type":"scalar"},"locs":[{"a":49,"b":52}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":90,"b":93}]}],"statement":"UPDATE gateway.console_mail_outbox SET sent_at = :at!, attempts = attempts + 1 WHERE id = :id! AND sent_at IS NULL"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE gateway.console_mail_outbox SET sent_at = :at!, attempts = attempts + 1 WHERE id = :id! AND sent_at IS NULL
 * ```
 */
export const markMailSent = new PreparedQuery<IMarkMailSentParams,IMarkMailSentResult>(markMailSentIR);


/** 'MarkMailFailed' parameters type */
export interface IMarkMailFailedParams {
  error: string;
  id: NumberOrString;
}

/** 'MarkMailFailed' return type */
export type IMarkMailFailedResult = void;

/** 'MarkMailFailed' query type */
export interface IMarkMailFailedQuery {
  params: IMarkMailFailedParams;
  result: IMarkMailFailedResult;
}

const markMailFailedIR: any = {"usedParamSet":{"error":true,"id":true},"params":[{"name":"error","required":true,"transform":{"type":"scalar"},"locs":[{"a":77,"b":83}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":96,"b":99}]}],"statement":"UPDATE gateway.console_mail_outbox SET attempts = attempts + 1, last_error = :error! WHERE id = :id!"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE gateway.console_mail_outbox SET attempts = attempts + 1, last_error = :error! WHERE id = :id!
 * ```
 */
export const markMailFailed = new PreparedQuery<IMarkMailFailedParams,IMarkMailFailedResult>(markMailFailedIR);


