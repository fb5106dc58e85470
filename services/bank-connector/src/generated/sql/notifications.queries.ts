/** Types generated for queries found in "src/db/sql/notifications.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

/** 'SeenNotification' parameters type */
export interface ISeenNotificationParams {
  jti: string;
}

/** 'SeenNotification' return type */
export interface ISeenNotificationResult {
  one: number;
}

/** 'SeenNotification' query type */
export interface ISeenNotificationQuery {
  params: ISeenNotificationParams;
  result: ISeenNotificationResult;
}

const seenNotificationIR: any = {"usedParamSet":{"jti":true},"params":[{"name":"jti","required":true,"transform":{"type":"scalar"},"locs":[{"a":65,"b":69}]}],"statement":"SELECT 1 AS \"one!\" FROM connector.seen_notifications WHERE jti = :jti!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT 1 AS "one!" FROM connector.seen_notifications WHERE jti = :jti!
 * ```
 */
export const seenNotification = new PreparedQuery<ISeenNotificationParams,ISeenNotificationResult>(seenNotificationIR);


/** 'RememberNotification' parameters type */
export interface IRememberNotificationParams {
  jti: string;
}

/** 'RememberNotification' return type */
export type IRememberNotificationResult = void;

/** 'RememberNotification' query type */
export interface IRememberNotificationQuery {
  params: IRememberNotificationParams;
  result: IRememberNotificationResult;
}

const rememberNotificationIR: any = {"usedParamSet":{"jti":true},"params":[{"name":"jti","required":true,"transform":{"type":"scalar"},"locs":[{"a":55,"b":59}]}],"statement":"INSERT INTO connector.seen_notifications (jti) VALUES (:jti!) ON CONFLICT (jti) DO NOTHING"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO connector.seen_notifications (jti) VALUES (:jti!) ON CONFLICT (jti) DO NOTHING
 * ```
 */
export const rememberNotification = new PreparedQuery<IRememberNotificationParams,IRememberNotificationResult>(rememberNotificationIR);


