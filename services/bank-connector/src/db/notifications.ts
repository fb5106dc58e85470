import { rows, type Queryable } from '@vrp/sql';

/** Whether a notification with this `jti` was taken before. */
export async function seenNotification(db: Queryable, jti: string): Promise<boolean> {
  return (await rows(db, `SELECT 1 FROM connector.seen_notifications WHERE jti = $1`, [jti])).length === 1;
}

/** Remembers a notification taken (after its events were handled: a failure lets the bank send it again). */
export async function rememberNotification(db: Queryable, jti: string): Promise<void> {
  await db.query(`INSERT INTO connector.seen_notifications (jti) VALUES ($1) ON CONFLICT (jti) DO NOTHING`, [jti]);
}
