/**
 * The age in seconds of the oldest outbox row not yet published in `schema` (0 when none is
 * waiting): how far the relay is behind. It reads the partial index of unpublished rows.
 */
export function outboxLagSql(schema: string): string {
  if (!/^[a-z_]+$/.test(schema)) throw new Error(`unexpected schema name ${schema}`);
  return `SELECT COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0)::float8 AS lag FROM "${schema}".outbox_events WHERE published_at IS NULL`;
}
