import { newDomainEvent, outboxRow } from '@vrp/outbox';
import { newId } from '@vrp/ids';
import { payment } from '@vrp/contracts';
import { create } from '@bufbuild/protobuf';
import { createTestDatabase } from '@vrp/testing';
import pg from 'pg';
import { measure, type LevelResult } from './measure.js';

/**
 * The ceiling: the create-payment transaction alone (payment row, timeline entry, outbox row) run
 * straight against Postgres with pg, in a scratch database with the payment schema, at each
 * concurrency. Outbox rows are written as already published so no relay does extra work.
 */
export async function directCeiling(
  levels: number[],
  requestsFor: (c: number) => number,
  log: (line: string) => void,
): Promise<LevelResult[]> {
  const db = await createTestDatabase(['payment']);
  const pool = new pg.Pool({ connectionString: db.url, max: Math.max(...levels) });
  // An idle connection dropped by the server must not crash the run; the next query reconnects.
  pool.on('error', (err) => log(`direct: idle connection lost (${err.message})`));
  const results: LevelResult[] = [];
  try {
    for (const concurrency of levels) {
      log(`direct: ${requestsFor(concurrency)} transactions at concurrency ${concurrency}`);
      results.push(
        await measure(concurrency, requestsFor(concurrency), async () => {
          const id = newId('payment');
          const merchantId = 'MRBENCH';
          const event = newDomainEvent('payment.submitted', merchantId, {
            case: 'payment',
            value: create(payment.PaymentSchema, { id, merchantId, amountMinor: 1000n, currency: 'GBP' }),
          });
          const row = outboxRow('vrp.bench.events', event);
          const client = await pool.connect();
          try {
            await client.query('BEGIN');
            await client.query(
              `INSERT INTO payment.payments (id, merchant_id, mandate_id, amount_minor, currency, status, clearing_status, created_at, submitted_at)
               VALUES ($1, $2, $3, 1000, 'GBP', 'submitted', 'pending', now(), now())`,
              [id, merchantId, newId('mandate')],
            );
            await client.query(`INSERT INTO payment.payment_timeline (payment_id, status, at) VALUES ($1, 'submitted', now())`, [id]);
            await client.query(`INSERT INTO payment.outbox_events (event_id, subject, payload, published_at) VALUES ($1, $2, $3, now())`, [
              row.eventId,
              row.subject,
              Buffer.from(row.payload),
            ]);
            await client.query('COMMIT');
            return true;
          } catch (err) {
            await client.query('ROLLBACK').catch(() => undefined);
            throw err;
          } finally {
            client.release();
          }
        }),
      );
    }
  } finally {
    await pool.end();
    await db.drop();
  }
  return results;
}
