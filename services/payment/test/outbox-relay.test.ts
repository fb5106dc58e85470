import { create } from '@bufbuild/protobuf';
import { payment } from '@vrp/contracts';
import { createLogger } from '@vrp/logging';
import { newDomainEvent, nextBatchSql, OutboxRelay, outboxRow, RELAY_SESSION_SETTINGS } from '@vrp/outbox';
import { createTestDatabase, createTestStream, waitFor, type TestDatabase, type TestStream } from '@vrp/testing';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

let db: TestDatabase;
let stream: TestStream;
let sql: pg.Pool;
const relays: OutboxRelay[] = [];
beforeAll(async () => {
  [db, stream] = await Promise.all([createTestDatabase(['payment']), createTestStream()]);
  sql = new pg.Pool({ connectionString: db.url });
});
// A relay leads for as long as it runs: every test starts with none.
afterEach(async () => {
  await Promise.all(relays.splice(0).map((r) => r.stop()));
});
afterAll(async () => {
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

/** A started relay whose poll is far beyond the tests' patience: only a nudge, NOTIFY or its mark timer wakes it. */
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
  it('publishes nothing while another holds the lock, then every row once, in commit order, however many relays race', async () => {
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
    const racers = [relay(), relay(), relay()];
    const published = await Promise.all(racers.map((r) => r.flush()));
    expect(published.reduce((a, b) => a + b, 0)).toBe(150);
    // One of them won the lock and keeps it; the others published nothing.
    expect(racers.filter((r) => r.leading)).toHaveLength(1);
    expect(published.filter((n) => n > 0)).toHaveLength(1);
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
    // The leader's read, on a connection set up as the relay's (no marks pending).
    const read = async () => {
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      try {
        await client.query(RELAY_SESSION_SETTINGS);
        const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
          `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${nextBatchSql('"payment"."outbox_events"', 40, { leading: true })}`,
          [[], []],
        );
        return rows[0]!['QUERY PLAN'][0].Plan;
      } finally {
        await client.end();
      }
    };
    const plan = await read();
    // The read's scans (the marking UPDATE, with nothing to mark, is a CTE of its own).
    const scans = planNodes(plan).filter((n) => n['Relation Name'] === 'outbox_events' && n['Node Type'] !== 'ModifyTable');
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
  'Subplan Name'?: string;
  'Actual Rows': number;
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  Plans?: PlanNode[];
}

const planNodes = (node: PlanNode): PlanNode[] =>
  node['Subplan Name'] === 'CTE marked' ? [] : [node, ...(node.Plans ?? []).flatMap(planNodes)];

/** Waits until a relay listens for commits and its first look, when listening starts, is over. */
async function listening(): Promise<void> {
  await waitFor(
    async () =>
      (
        await sql.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE query = 'LISTEN payment_outbox' AND datname = current_database()`,
        )
      ).rows[0]!.n > 0 || undefined,
    { what: 'the relay to listen' },
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
}

/** How many rows are still unmarked. */
const unpublished = async () =>
  (await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM payment.outbox_events WHERE published_at IS NULL')).rows[0]!.n;

/** Waits until one of `relays` leads and returns it. */
const leaderOf = (...candidates: OutboxRelay[]) => waitFor(async () => candidates.find((r) => r.leading), { what: 'a relay to lead' });

describe('running relays', () => {
  it('one leads and publishes what any process commits; the others publish nothing', async () => {
    const [a, b] = [runningRelay(), runningRelay()];
    const before = (await stream.events()).length;
    const ids = await commitEvents(30);
    await waitFor(async () => ((await stream.events()).length >= before + 30 ? true : undefined), { what: 'the rows published' });
    const got = (await stream.events()).slice(before).map((e) => e.eventId);
    expect(got).toEqual(ids);
    expect([a, b].filter((r) => r.leading)).toHaveLength(1);
  });

  it('marks what it published by itself soon after, when no later pass does', async () => {
    runningRelay();
    await listening(); // from here on only the commit's notification, then the mark timer, wake it
    const before = (await stream.events()).length;
    const [id] = await commitEvents(1);
    expect(await lastPublishedAfter(before)).toBe(id);
    await waitFor(async () => ((await unpublished()) === 0 ? true : undefined), { what: 'the row marked published' });
    const { rows } = await sql.query<{ published_at: Date; created_at: Date }>(
      'SELECT published_at, created_at FROM payment.outbox_events WHERE event_id = $1',
      [id],
    );
    // Dated when JetStream acknowledged it, not when it was marked.
    expect(rows[0]!.published_at.getTime() - rows[0]!.created_at.getTime()).toBeLessThan(200);
  });

  it('hands over when the leader stops: another takes the lock at once, not at its next poll', async () => {
    const [a, b] = [runningRelay(), runningRelay()];
    await commitEvents(1);
    const leader = await leaderOf(a, b);
    const other = leader === a ? b : a;
    await leader.stop();
    await waitFor(async () => other.leading || undefined, { what: 'the other relay to lead', timeoutMs: 5_000 });
    const before = (await stream.events()).length;
    const [id] = await commitEvents(1);
    expect(await lastPublishedAfter(before)).toBe(id);
  });

  it('a leader whose connection dies loses the lock; whichever relay takes it next publishes every later row once, in order', async () => {
    const [a, b] = [runningRelay(), runningRelay()];
    await commitEvents(1);
    await leaderOf(a, b);
    await waitFor(async () => ((await unpublished()) === 0 ? true : undefined), { what: 'the row marked published' });
    const { rows } = await sql.query<{ n: number }>(
      `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_locks WHERE locktype = 'advisory' AND granted AND database =
         (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    expect(rows[0]!.n).toBe(1);
    const before = (await stream.events()).length;
    const ids = await commitEvents(20);
    await waitFor(async () => ((await stream.events()).length >= before + 20 ? true : undefined), { what: 'the rows published' });
    expect((await stream.events()).slice(before).map((e) => e.eventId)).toEqual(ids);
    await waitFor(async () => ((await unpublished()) === 0 ? true : undefined), { what: 'the rows marked published' });
    expect([a, b].filter((r) => r.leading)).toHaveLength(1);
  });
});

describe('marks that a crash of Postgres lost', () => {
  // The relay's marks commit without waiting for the disk (RELAY_SESSION_SETTINGS): a crash can
  // lose the last ones, leaving rows JetStream has as unpublished. This is why that is safe.
  it('are published again, and the stream keeps each event once', async () => {
    const leader = relay();
    const before = (await stream.events()).length;
    const ids = await commitEvents(5);
    expect(await leader.flush()).toBe(5);
    expect(await unpublished()).toBe(0);
    const lost = ids.slice(2);
    await sql.query('UPDATE payment.outbox_events SET published_at = NULL WHERE event_id = ANY($1::text[])', [lost]);

    expect(await leader.flush()).toBe(lost.length); // published again...
    expect(await unpublished()).toBe(0);
    const later = await commitEvents(1);
    expect(await leader.flush()).toBe(1);
    await waitFor(async () => ((await stream.events()).length >= before + 6 ? true : undefined), { what: 'the later row on the stream' });
    // ...and dropped as duplicates: each event once, in commit order, the later row after them.
    expect((await stream.events()).slice(before).map((e) => e.eventId)).toEqual([...ids, ...later]);
  });
});

describe('a listening relay', () => {
  it('publishes a row committed by another process at once, woken by NOTIFY, not by its poll', async () => {
    runningRelay(); // no nudge below: only the notification can wake it
    await listening();
    const before = (await stream.events()).length;
    const [id] = await commitEvents(1);
    expect(await lastPublishedAfter(before)).toBe(id);
  });
});
