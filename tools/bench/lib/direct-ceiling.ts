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
 * concurrency, its statements prepared once per connection as the platform's are. Outbox rows
 * are written as already published so no relay does extra work. `warmup` transactions run first,
 * unmeasured, as the platform's warm-up payments do.
 */
export async function directCeiling(
  levels: number[],
  requestsFor: (c: number) => number,
  log: (line: string) => void,
  warmup = 0,
): Promise<LevelResult[]> {
  const db = await createTestDatabase(['payment']);
  const pool = new pg.Pool({ connectionString: db.url, max: Math.max(...levels) });
  // An idle connection dropped by the server must not crash the run; the next query reconnects.
  let closing = false;
  pool.on('error', (err) => {
    if (!closing) log(`direct: idle connection lost (${err.message})`);
  });
  const results: LevelResult[] = [];
  try {
    const transaction = async () => {
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
        // Named, so each connection parses them once, as the platform's statements are.
        await client.query({
          name: 'direct_payment',
          text: `INSERT INTO payment.payments (id, merchant_id, mandate_id, amount_minor, currency, status, clearing_status, created_at, submitted_at, reference, end_to_end_id)
                 VALUES ($1, $2, $3, 1000, 'GBP', 'submitted', 'pending', now(), now(), 'PM' || right($1, 16), $1)`,
          values: [id, merchantId, newId('mandate')],
        });
        await client.query({
          name: 'direct_timeline',
          text: `INSERT INTO payment.payment_timeline (payment_id, status, at) VALUES ($1, 'submitted', now())`,
          values: [id],
        });
        await client.query({
          name: 'direct_outbox',
          text: `INSERT INTO payment.outbox_events (event_id, subject, payload, published_at) VALUES ($1, $2, $3, now())`,
          values: [row.eventId, row.subject, Buffer.from(row.payload)],
        });
        await client.query('COMMIT');
        return true;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    };
    if (warmup > 0) {
      log(`direct: ${warmup} transactions at concurrency 4 to warm up (not measured)`);
      await measure(4, warmup, transaction);
    }
    for (const concurrency of levels) {
      log(`direct: ${requestsFor(concurrency)} transactions at concurrency ${concurrency}`);
      results.push(await measure(concurrency, requestsFor(concurrency), transaction));
    }
  } finally {
    // Dropping the scratch database ends connections the pool may still be closing: not news.
    closing = true;
    await pool.end();
    await db.drop();
  }
  return results;
}
