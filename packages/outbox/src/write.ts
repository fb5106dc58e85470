import type { Queryable } from '@vrp/sql';
import { outboxRow, type DomainEvent } from './domain-event.js';

/**
 * Writes `event` into the outbox of `schema` on `db`, for the paths that run raw SQL: inside the
 * caller's transaction, so the change and its notification commit or roll back together.
 */
export async function insertOutboxEvent(db: Queryable, schema: string, subjectPrefix: string, event: DomainEvent): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
  const row = outboxRow(subjectPrefix, event);
  await db.query(`INSERT INTO "${schema}".outbox_events (event_id, subject, payload, traceparent) VALUES ($1, $2, $3, $4)`, [
    row.eventId,
    row.subject,
    Buffer.from(row.payload),
    row.traceparent,
  ]);
}
