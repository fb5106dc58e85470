import { create } from '@bufbuild/protobuf';
import { payment } from '@vrp/contracts';
import { newId } from '@vrp/ids';
import { newDomainEvent, outboxRow } from '@vrp/outbox';
import { createTestDatabase } from '@vrp/testing';
import pg from 'pg';

/**
 * The ceiling of a collection run: the rows its payments leave (payment row, timeline entry and
 * outbox row each) written straight into Postgres in batches of `batch` per statement, 4
 * transactions at a time, in a scratch database with the payment schema. Answers rows per second.
 */
export async function batchCeiling(total: number, batch: number, log: (line: string) => void): Promise<number> {
  const db = await createTestDatabase(['payment']);
  const pool = new pg.Pool({ connectionString: db.url, max: 4 });
  try {
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < total) {
          const n = Math.min(batch, total - next);
          next += n;
          const ids = Array.from({ length: n }, () => newId('payment'));
          const rows = ids.map((id) =>
            outboxRow(
              'vrp.bench.events',
              newDomainEvent('payment.submitted', 'MRBENCH', {
                case: 'payment',
                value: create(payment.PaymentSchema, { id, merchantId: 'MRBENCH', amountMinor: 1000n, currency: 'GBP' }),
              }),
            ),
          );
          const client = await pool.connect();
          try {
            await client.query('BEGIN');
            await client.query(
              `INSERT INTO payment.payments (id, merchant_id, mandate_id, amount_minor, currency, status, clearing_status, created_at, submitted_at, schedule_id,
                                             reference, end_to_end_id)
               SELECT id, 'MRBENCH', m, 1000, 'GBP', 'submitted', 'pending', now(), now(), s, right(id, 18), id
                 FROM unnest($1::text[], $2::text[], $3::text[]) AS u(id, m, s)`,
              [ids, ids.map(() => newId('mandate')), ids.map(() => newId('schedule'))],
            );
            await client.query(
              `INSERT INTO payment.payment_timeline (payment_id, status, at) SELECT id, 'submitted', now() FROM unnest($1::text[]) AS u(id)`,
              [ids],
            );
            await client.query(
              `INSERT INTO payment.outbox_events (event_id, subject, payload, published_at) SELECT * , now() FROM unnest($1::text[], $2::text[], $3::bytea[])`,
              [rows.map((r) => r.eventId), rows.map((r) => r.subject), rows.map((r) => Buffer.from(r.payload))],
            );
            await client.query('COMMIT');
          } finally {
            client.release();
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    log(`ceiling: ${total} payments' rows in batches of ${batch} in ${seconds.toFixed(2)} s`);
    return total / seconds;
  } finally {
    await pool.end();
    await db.drop();
  }
}
