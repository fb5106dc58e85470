import type { Queryable } from '@vrp/sql';
import {
  rememberNotification as rememberNotificationQuery,
  seenNotification as seenNotificationQuery,
} from '../generated/sql/notifications.queries.js';

/** Whether a notification with this `jti` was taken before. */
export async function seenNotification(db: Queryable, jti: string): Promise<boolean> {
  return (await seenNotificationQuery.run({ jti }, db)).length === 1;
}

/** Remembers a notification taken (after its events were handled: a failure lets the bank send it again). */
export async function rememberNotification(db: Queryable, jti: string): Promise<void> {
  await rememberNotificationQuery.run({ jti }, db);
}
