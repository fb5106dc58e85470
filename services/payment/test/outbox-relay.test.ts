import { create } from '@bufbuild/protobuf';
import { payment } from '@vrp/contracts';
import { createLogger } from '@vrp/logging';
import { NEXT_BATCH_SETTINGS, newDomainEvent, nextBatchSql, OutboxRelay, outboxRow } from '@vrp/outbox';
import { createTestDatabase, createTestStream, waitFor, type TestDatabase, type TestStream } from '@vrp/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let db: TestDatabase;
let stream: TestStream;
let sql: pg.Pool;
const relays: OutboxRelay[] = [];
beforeAll(async () => {
  [db, stream] = await Promise.all([createTestDatabase(['payment']), createTestStream()]);
  sql = new pg.Pool({ connectionString: db.url });
});
afterAll(async () => {
  await Promise.all(relays.map((r) => r.stop()));
  await sql?.end();
  await stream?.cleanup();
  await db?.drop();
});

const relay = (options: { pollIntervalMs?: number } = {}) => {
  const r = new OutboxRelay({
    databaseUrl: db.url,
    schema: 'payment',
    js: stream.bus.js,
    logger: createLogger('relay', { level: 'error' }),
    batchSize: 40,
    ...options,
  });
  relays.push(r);
  return r;
};

/** The id of the last event on the stream, once there are more than `before`. */
const lastPublishedAfter = async (before: number) =>
  (
    await waitFor(
      async () => {
        const events = await stream.events();
        return events.length > before ? events : undefined;
      },
      { what: 'the row to be published' },
    )
  ).at(-1)!.eventId;

/** A started relay whose poll is far beyond the tests' patience: only a nudge, the lock retry or NOTIFY wakes it. */
const runningRelay = () => {
  const r = relay({ pollIntervalMs: 600_000 });
  r.start();
  return r;
};

/** Commits `count` outbox rows the way a change does; returns their event ids in commit order. */
async function commitEvents(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const event = newDomainEvent('payment.submitted', 'MR-relay', {
      case: 'payment',
      value: create(payment.PaymentSchema, { id: `PM-${i}` }),
    });
    const row = outboxRow(stream.subjectPrefix, event);
    await sql.query('INSERT INTO payment.outbox_events (event_id, subject, payload) VALUES ($1, $2, $3)', [
      row.eventId,
      row.subject,
      Buffer.from(row.payload),
    ]);
    ids.push(row.eventId);
  }
  return ids;
}

describe('the outbox relay', () => {
  it('publishes nothing while another relay holds the lock, then every row once, in commit order, however many relays race', async () => {
    const ids = await commitEvents(150);
    const holder = await sql.connect();
    try {
      await holder.query('BEGIN');
      await holder.query(`SELECT pg_advisory_xact_lock(hashtext('"payment"."outbox_events"'))`);
      expect(await relay().flush()).toBe(0);
      expect(await stream.events()).toEqual([]);
    } finally {
      await holder.query('COMMIT');
      holder.release();
    }
    const published = await Promise.all([relay().flush(), relay().flush(), relay().flush()]);
    expect(published.reduce((a, b) => a + b, 0)).toBe(150);
    const got = (await stream.events()).map((e) => e.eventId);
    expect(got).toEqual(ids);
    const { rows } = await sql.query<{ pending: number }>(
      'SELECT count(*)::int AS pending FROM payment.outbox_events WHERE published_at IS NULL',
    );
    expect(rows[0]!.pending).toBe(0);
  });

  it('reads a batch from the index of unpublished rows: rows published before it cost the read nothing', async () => {
    // 3,000 rows committed unpublished, then published: each leaves a dead index entry behind
    // (nothing vacuums here), as a busy outbox does between two VACUUMs.
    await sql.query(
      `INSERT INTO payment.outbox_events (event_id, subject, payload)
       SELECT 'evt_published_' || i, 'vrp.test.published', '\\x00'::bytea FROM generate_series(1, 3000) i`,
    );
    await sql.query(`UPDATE payment.outbox_events SET published_at = now() WHERE subject = 'vrp.test.published'`);
    const [id] = await commitEvents(1);
    const read = async () => {
      const client = await sql.connect();
      try {
        await client.query(`BEGIN; ${NEXT_BATCH_SETTINGS}`);
        const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
          `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${nextBatchSql('"payment"."outbox_events"', 40)}`,
        );
        return rows[0]!['QUERY PLAN'][0].Plan;
      } finally {
        await client.query('ROLLBACK');
        client.release();
      }
    };
    const plan = await read();
    const scans = planNodes(plan).filter((n) => n['Relation Name'] === 'outbox_events');
    expect(scans.map((n) => [n['Node Type'], n['Index Name']])).toEqual([['Index Scan', 'outbox_events_unpublished_seq_idx']]);
    expect(scans[0]!['Actual Rows']).toBe(1);
    // An index scan marks the entries of rows no transaction can see any more as dead, and later
    // reads skip them: soon a read touches a few pages. A bitmap scan of every entry still in the
    // index visits about fifty here, however often it reads.
    let pages = Infinity;
    for (let attempt = 0; attempt < 100 && pages >= 20; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      const again = await read();
      pages = again['Shared Hit Blocks'] + again['Shared Read Blocks'];
    }
    expect(pages).toBeLessThan(20);
    const before = (await stream.events()).length;
    await relay().flush();
    expect(await lastPublishedAfter(before)).toBe(id);
  });
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  Plans?: PlanNode[];
}

const planNodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(planNodes)];

describe('a running relay', () => {
  it('publishes a row its process committed while another relay held the lock soon after, not at its next poll', async () => {
    const r = runningRelay();
    const before = (await stream.events()).length;
    const holder = await sql.connect();
    let id: string;
    try {
      await holder.query('BEGIN');
      await holder.query(`SELECT pg_advisory_xact_lock(hashtext('"payment"."outbox_events"'))`);
      [id] = (await commitEvents(1)) as [string];
      r.nudge(); // what the committing process does; the relay finds the lock taken
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await stream.events()).length).toBe(before);
    } finally {
      await holder.query('COMMIT');
      holder.release();
    }
    expect(await lastPublishedAfter(before)).toBe(id);
  });
});

describe('a listening relay', () => {
  it('publishes a row committed by another process at once, woken by NOTIFY, not by its poll', async () => {
    runningRelay(); // no nudge below: only the notification can wake it
    await waitFor(
      async () =>
        (
          await sql.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE query = 'LISTEN payment_outbox' AND datname = current_database()`,
          )
        ).rows[0]!.n > 0 || undefined,
      { what: 'the relay to listen' },
    );
    await new Promise((resolve) => setTimeout(resolve, 100)); // its first look, when listening starts, is over
    const before = (await stream.events()).length;
    const [id] = await commitEvents(1);
    expect(await lastPublishedAfter(before)).toBe(id);
  });
});
