import { newId } from '@vrp/ids';
import { waitFor } from '@vrp/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvent, EVENT_TYPES } from './support/events.js';
import { createWebhookTestEnv, type Running, type WebhookTestEnv } from './support/harness.js';

let env: WebhookTestEnv;
let svc: Running;
let sql: pg.Client;

beforeAll(async () => {
  env = await createWebhookTestEnv();
  svc = await env.start();
  sql = new pg.Client({ connectionString: env.db.url });
  await sql.connect();
});
afterAll(async () => {
  await sql?.end();
  await env?.cleanup();
});

/** Reads a merchant's stream from `after` until `count` events arrived, in pages of `limit`. */
async function readStream(merchantId: string, count: number, limit = 7): Promise<{ seq: bigint; id: string }[]> {
  const got: { seq: bigint; id: string }[] = [];
  let after = 0n;
  await waitFor(
    async () => {
      const page = await svc.client.listStreamEvents({ merchantId, afterSeq: after, limit, waitMs: 200 });
      for (const e of page.events) got.push({ seq: e.seq, id: e.event!.id });
      after = page.lastSeq;
      if (got.length < count) throw new Error(`${got.length}/${count} events read`);
      return true;
    },
    { what: `${count} events on the stream of ${merchantId}`, timeoutMs: 30_000 },
  );
  return got;
}

/** Inserts an event row the way the recording does (the trigger gives it its position). */
function insertEvent(db: pg.ClientBase, merchantId: string, id = newId('event')): Promise<pg.QueryResult> {
  return db.query(
    `INSERT INTO webhook.events (id, merchant_id, event_type, created_at, data, delivery_status)
     VALUES ($1, $2, 'payment.submitted', now(), '{}', 'delivered') ON CONFLICT (id) DO NOTHING`,
    [id, merchantId],
  );
}

describe("a merchant's event stream", () => {
  it('hands out every event recorded concurrently exactly once, in position order, and only to its merchant', async () => {
    const a = newId('merchant');
    const b = newId('merchant');
    const published = { [a]: [] as string[], [b]: [] as string[] };
    // Read while the consumer records up to 32 events at once.
    const reading = readStream(a, 120);
    await Promise.all(
      Array.from({ length: 160 }, async (_, i) => {
        const merchant = i % 4 === 3 ? b : a;
        const event = domainEvent(EVENT_TYPES[i % EVENT_TYPES.length]!, merchant);
        published[merchant]!.push(event.eventId);
        await env.publish(event);
        // JetStream redelivers: a repeat is recorded once and streamed once.
        if (i % 10 === 0) await env.publish(event);
      }),
    );
    const got = await reading;
    expect(got.map((e) => e.id).sort()).toEqual([...published[a]!].sort());
    expect(new Set(got.map((e) => e.id)).size).toBe(got.length);
    for (let i = 1; i < got.length; i++) expect(got[i]!.seq > got[i - 1]!.seq).toBe(true);
    // Nothing more arrives for either merchant, and b's stream holds b's events only.
    const rest = await svc.client.listStreamEvents({ merchantId: a, afterSeq: got.at(-1)!.seq, waitMs: 0 });
    expect(rest.events).toEqual([]);
    expect((await readStream(b, 40, 100)).map((e) => e.id).sort()).toEqual([...published[b]!].sort());
  });

  it('never shows a later position before an earlier one has committed', async () => {
    const merchantId = newId('merchant');
    const first = new pg.Client({ connectionString: env.db.url });
    const second = new pg.Client({ connectionString: env.db.url });
    await Promise.all([first.connect(), second.connect()]);
    try {
      const [idFirst, idSecond] = [newId('event'), newId('event')];
      await first.query('BEGIN');
      await insertEvent(first, merchantId, idFirst);
      const pid = (await second.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      const secondInsert = insertEvent(second, merchantId, idSecond);
      // The second recording of the merchant waits for the first to end (or, were positions not
      // ordered by commit, would commit on its own first).
      let secondDone = false;
      void secondInsert.then(() => (secondDone = true));
      await waitFor(
        async () => {
          const waiting = await sql.query(`SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND wait_event_type = 'Lock'`, [pid]);
          if (waiting.rowCount === 0 && !secondDone) throw new Error('second insert neither waiting nor done');
          return true;
        },
        { what: 'the second recording to wait or finish' },
      );
      const early = await svc.client.listStreamEvents({ merchantId, afterSeq: 0n, waitMs: 0 });
      expect(early.events.map((e) => e.event!.id)).toEqual([]);
      await first.query('COMMIT');
      await secondInsert;
      const late = await svc.client.listStreamEvents({ merchantId, afterSeq: 0n, waitMs: 0 });
      expect(late.events.map((e) => e.event!.id)).toEqual([idFirst, idSecond]);
      expect(late.lastSeq).toBe(late.events[1]!.seq);
    } finally {
      await Promise.all([first.end(), second.end()]);
    }
  });

  it('starts at the current end when no position is given, and wakes a waiting reader when an event is recorded', async () => {
    const merchantId = newId('merchant');
    await insertEvent(sql, merchantId);
    const head = await svc.client.listStreamEvents({ merchantId, waitMs: 0 });
    expect(head.events).toEqual([]);
    expect(head.lastSeq).toBe(1n);
    const waiting = svc.client.listStreamEvents({ merchantId, afterSeq: head.lastSeq, waitMs: 20_000 }, { timeoutMs: 25_000 });
    const event = domainEvent('mandate.created', merchantId);
    await env.publish(event);
    const woken = await waiting;
    expect(woken.events.map((e) => e.event!.id)).toEqual([event.eventId]);
    expect(woken.events[0]!.seq).toBe(2n);
    // The body is the delivery's, byte for byte.
    const body = JSON.parse(woken.events[0]!.bodyJson) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['event_id', 'event_type', 'created_at', 'data']);
    expect(body).toMatchObject({ event_id: event.eventId, event_type: 'mandate.created' });
  });

  it('refuses out-of-range limits and waits', async () => {
    const merchantId = newId('merchant');
    await expect(svc.client.listStreamEvents({ merchantId, limit: 501 })).rejects.toMatchObject({
      code: 'validation_error',
      param: 'limit',
    });
    await expect(svc.client.listStreamEvents({ merchantId, waitMs: 30_001 })).rejects.toMatchObject({
      code: 'validation_error',
      param: 'wait_ms',
    });
    await expect(svc.client.listStreamEvents({ merchantId: '' })).rejects.toMatchObject({ code: 'validation_error', param: 'merchant_id' });
  });
});
