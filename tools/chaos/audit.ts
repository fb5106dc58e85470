import pg from 'pg';
import { waitFor } from '@vrp/testing';
import type { LoadLedger } from './load.js';
import type { VerifyingReceiver } from './receiver.js';

/** One line of the audit: what was checked, how many, and the violations found. */
export interface Finding {
  check: string;
  checked: number;
  violations: string[];
}

/** The events each committed change must have produced, from the state every service kept. */
async function expectedEvents(db: pg.Client): Promise<Map<string, number>> {
  const expected = new Map<string, number>();
  const add = (type: string, id: string, n = 1) => n > 0 && expected.set(`${type} ${id}`, (expected.get(`${type} ${id}`) ?? 0) + n);
  for (const m of (await db.query<{ id: string; status: string }>('SELECT id, status FROM mandate.mandates')).rows) {
    add('mandate.created', m.id);
    if (m.status !== 'pending_sca') add('mandate.activated', m.id);
    if (m.status === 'revoked') add('mandate.revoked', m.id);
  }
  const timeline = await db.query<{ payment_id: string; status: string; n: string }>(
    'SELECT payment_id, status, count(*) AS n FROM payment.payment_timeline GROUP BY payment_id, status',
  );
  // A payment settles once; later 'settled' entries come from refunds given back, counted below.
  for (const t of timeline.rows)
    if (t.status !== 'refunded') add(`payment.${t.status}`, t.payment_id, t.status === 'settled' ? 1 : Number(t.n));
  const confirmed = await db.query<{ payment_id: string; n: string }>(
    'SELECT payment_id, count(*) AS n FROM payment.refund_allocations WHERE confirmed_at IS NOT NULL GROUP BY payment_id',
  );
  for (const c of confirmed.rows) add('payment.refunded', c.payment_id, Number(c.n));
  const released = await db.query<{ payment_id: string; n: string }>(
    'SELECT payment_id, count(*) AS n FROM payment.refund_allocations WHERE confirmed_at IS NOT NULL AND released_at IS NOT NULL GROUP BY payment_id',
  );
  for (const r of released.rows) add('payment.settled', r.payment_id, Number(r.n));
  for (const r of (await db.query<{ id: string; status: string }>('SELECT id, status FROM refund.refunds')).rows) {
    add('refund.created', r.id);
    if (r.status === 'settled') add('refund.settled', r.id);
  }
  const schedules = await db.query<{ id: string; status: string; deferrals: number; skipped: number }>(
    `SELECT s.id, s.status, COALESCE(sum(c.deferrals), 0)::int AS deferrals, count(*) FILTER (WHERE c.status = 'skipped')::int AS skipped
       FROM schedule.schedules s LEFT JOIN schedule.cycles c ON c.schedule_id = s.id GROUP BY s.id, s.status`,
  );
  for (const s of schedules.rows) {
    add('schedule.created', s.id);
    if (s.status === 'completed' || s.status === 'cancelled') add(`schedule.${s.status}`, s.id);
    add('schedule.cycle_deferred', s.id, s.deferrals);
    add('schedule.cycle_skipped', s.id, s.skipped);
  }
  return expected;
}

/**
 * Every collected cycle has exactly one payment, and every payment a schedule made is its
 * cycle's: the payments naming a schedule are exactly the payments its collected cycles recorded.
 */
async function cyclesCollectedOnce(db: pg.Client): Promise<Finding> {
  const { rows } = await db.query<{ schedule_id: string; cycles: number; payments: number; unmatched: number }>(
    `SELECT s.id AS schedule_id,
            (SELECT count(*) FROM schedule.cycles c WHERE c.schedule_id = s.id AND c.status = 'created')::int AS cycles,
            (SELECT count(*) FROM payment.payments p WHERE p.schedule_id = s.id)::int AS payments,
            (SELECT count(*) FROM schedule.cycles c WHERE c.schedule_id = s.id AND c.status = 'created'
                AND NOT EXISTS (SELECT 1 FROM payment.payments p WHERE p.id = c.payment_id AND p.schedule_id = s.id))::int AS unmatched
       FROM schedule.schedules s`,
  );
  return {
    check: 'every due cycle collected exactly once (one payment per cycle, none without its cycle)',
    checked: rows.length,
    violations: rows
      .filter((r) => r.cycles !== r.payments || r.unmatched > 0)
      .map(
        (r) =>
          `schedule ${r.schedule_id}: ${r.cycles} cycles collected, ${r.payments} payments name it, ${r.unmatched} cycles without their payment`,
      ),
  };
}

/** Events the webhook service recorded, by type and resource. */
async function recordedEvents(db: pg.Client): Promise<{ byResource: Map<string, number>; ids: string[] }> {
  const rows = (
    await db.query<{ id: string; event_type: string; resource: string }>(
      `SELECT id, event_type, data::jsonb->>'id' AS resource FROM webhook.events WHERE NOT test`,
    )
  ).rows;
  const byResource = new Map<string, number>();
  for (const r of rows) byResource.set(`${r.event_type} ${r.resource}`, (byResource.get(`${r.event_type} ${r.resource}`) ?? 0) + 1);
  return { byResource, ids: rows.map((r) => r.id) };
}

/** Work still unfinished: unpublished outbox rows, payments and refunds still with the bank, deliveries waiting, requests open, holds unresolved. */
export async function unfinished(databaseUrl: string): Promise<string[]> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ what: string }>(`
      SELECT 'unpublished outbox event ' || event_id AS what FROM mandate.outbox_events WHERE published_at IS NULL
      UNION ALL SELECT 'unpublished outbox event ' || event_id FROM payment.outbox_events WHERE published_at IS NULL
      UNION ALL SELECT 'unpublished outbox event ' || event_id FROM refund.outbox_events WHERE published_at IS NULL
      UNION ALL SELECT 'payment ' || id || ' still submitted (bank_acked_at ' || COALESCE(bank_acked_at::text, 'null') || ')' FROM payment.payments WHERE status = 'submitted'
      UNION ALL SELECT 'refund ' || id || ' of ' || payment_id || ' still pending_settlement (bank_reference ' || COALESCE(bank_reference, 'null') || ', created ' || created_at::text || ')' FROM refund.refunds WHERE status = 'pending_settlement'
      UNION ALL SELECT 'refund request ' || id || ' still ' || state FROM refund.refund_requests WHERE state IN ('open', 'abandoned')
      UNION ALL SELECT 'refund hold ' || refund_id || ' on ' || payment_id || ' neither confirmed nor released' FROM payment.refund_allocations WHERE released_at IS NULL AND confirmed_at IS NULL
      UNION ALL SELECT 'delivery of ' || event_id || ' still ' || status FROM webhook.deliveries WHERE status IN ('pending', 'retrying')
      UNION ALL SELECT 'mandate ' || id || ' still pending_sca' FROM mandate.mandates WHERE status = 'pending_sca'
      UNION ALL SELECT 'unpublished outbox event ' || event_id FROM schedule.outbox_events WHERE published_at IS NULL
      UNION ALL SELECT 'cycle ' || c.charge_date || ' of schedule ' || c.schedule_id || ' due and not collected'
        FROM schedule.cycles c JOIN schedule.schedules s ON s.id = c.schedule_id
       WHERE c.status = 'pending' AND s.status = 'active' AND c.due_at <= now()`);
    return rows.map((r) => r.what);
  } finally {
    await db.end();
  }
}

/** Where `actual` (events by `type resource`) differs from what the committed changes call for. */
function compare(expected: Map<string, number>, actual: Map<string, number>, where: string): string[] {
  const violations: string[] = [];
  for (const [what, n] of expected)
    if ((actual.get(what) ?? 0) !== n) violations.push(`${what}: expected ${n}, ${where} ${actual.get(what) ?? 0}`);
  for (const [what, n] of actual) if (!expected.has(what)) violations.push(`${what}: ${where} ${n}, but no committed change explains it`);
  return violations;
}

const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

/** Events recorded by the webhook service that no verified delivery reached the receiver with. */
export async function undelivered(databaseUrl: string, receiver: VerifyingReceiver): Promise<string[]> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return (await recordedEvents(db)).ids.filter((id) => !receiver.verified.has(id));
  } finally {
    await db.end();
  }
}

/** Events on the stream (counted by `type resource-id`) the webhook service has not recorded as often yet. */
export async function unrecorded(databaseUrl: string, stream: Map<string, number>): Promise<string[]> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { byResource } = await recordedEvents(db);
    return [...stream].filter(([key, n]) => (byResource.get(key) ?? 0) < n).map(([key]) => key);
  } finally {
    await db.end();
  }
}

export interface Audit {
  findings: Finding[];
  events: { expected: number; recorded: number; onStream: number; delivered: number };
}

/** Holds what the platform kept, published and delivered against the invariants the fault suite promises. */
export async function audit(
  databaseUrl: string,
  ledger: LoadLedger,
  receiver: VerifyingReceiver,
  stream: Map<string, number>,
): Promise<Audit> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const findings: Finding[] = [];
    const answered = [...ledger.requests].filter(([outcome]) => outcome !== 'no answer').reduce((a, [, n]) => a + n, 0);
    findings.push({
      check: 'no request answered 500 (a fault is a 503, never an internal error)',
      checked: answered,
      violations: ledger.serverErrors,
    });
    // Everything in flight when a fault hit must have been finished by the platform's own recovery.
    findings.push({
      check: 'every resource reached a final state, nothing left in flight',
      checked: 1,
      violations: await unfinished(databaseUrl),
    });
    findings.push(await cyclesCollectedOnce(db));
    const expected = await expectedEvents(db);
    const recorded = await recordedEvents(db);
    findings.push({
      check: 'every committed change has exactly one recorded event',
      checked: total(expected),
      violations: compare(expected, recorded.byResource, 'recorded'),
    });
    findings.push({
      check: 'every committed change has exactly one event on the stream',
      checked: total(expected),
      violations: compare(expected, stream, 'on the stream'),
    });

    const missing = recorded.ids.filter((id) => !receiver.verified.has(id));
    findings.push({
      check: 'every event has a verified delivery',
      checked: recorded.ids.length,
      violations: missing.map((id) => `${id} never delivered`),
    });
    findings.push({
      check: 'no delivery failed verification',
      checked: [...receiver.verified.values()].reduce((a, b) => a + b, 0),
      violations: receiver.forged,
    });

    const keyViolations = [...ledger.keys]
      .filter(([, ids]) => ids.size > 1)
      .map(([key, ids]) => `${key} answered with ${[...ids].join(', ')}`);
    for (const [table, column] of [
      ['payment.payments', 'id'],
      ['mandate.mandates', 'id'],
      ['refund.refunds', 'id'],
    ] as const) {
      const dupes = await db.query<{ key: string; n: string }>(
        `SELECT k.key, count(*) AS n FROM ${table.split('.')[0]}.idempotency_keys k JOIN ${table} r ON r.${column} = k.resource_id GROUP BY k.key HAVING count(*) > 1`,
      );
      keyViolations.push(...dupes.rows.map((d) => `${table}: key ${d.key} made ${d.n}`));
    }
    findings.push({ check: 'no idempotent retry created a second resource', checked: ledger.keys.size, violations: keyViolations });

    const over = await db.query<{ id: string; amount: string; refunded: string }>(
      `SELECT p.id, p.amount_minor AS amount, sum(r.amount_minor) AS refunded FROM payment.payments p JOIN refund.refunds r ON r.payment_id = p.id
        WHERE r.status <> 'failed' GROUP BY p.id, p.amount_minor HAVING sum(r.amount_minor) > p.amount_minor`,
    );
    const mismatch = await db.query<{ id: string }>(
      `SELECT p.id FROM payment.payments p LEFT JOIN (SELECT payment_id, sum(amount_minor) AS s FROM refund.refunds WHERE status <> 'failed' GROUP BY payment_id) r
           ON r.payment_id = p.id WHERE p.amount_refunded_minor <> COALESCE(r.s, 0) OR p.amount_held_minor <> 0`,
    );
    const paymentCount = Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM payment.payments')).rows[0]!.n);
    findings.push({
      check: 'no refund total exceeds its payment; payments agree with refunds',
      checked: paymentCount,
      violations: [
        ...over.rows.map((o) => `${o.id}: ${o.refunded} refunded of ${o.amount}`),
        ...mismatch.rows.map((m) => `${m.id}: amount_refunded disagrees with its refunds`),
      ],
    });

    const lost = [...expected].filter(([what]) => !recorded.byResource.has(what) || !stream.has(what)).length;
    findings.push({
      check: '0 events lost',
      checked: total(expected),
      violations: lost ? [`${lost} expected events missing from the records or the stream`] : [],
    });
    const delivered = recorded.ids.filter((id) => receiver.verified.has(id)).length;
    return { findings, events: { expected: total(expected), recorded: recorded.ids.length, onStream: total(stream), delivered } };
  } finally {
    await db.end();
  }
}

/**
 * Waits, within 30 s each, until every event on the stream was recorded by the webhook service and
 * every recorded one delivered: a killed replica's pulled messages come back after their ack wait.
 * Returns either way; the audit reports what is still missing.
 */
export async function eventsSettled(
  databaseUrl: string,
  streamEvents: () => Promise<Map<string, number>>,
  receiver: VerifyingReceiver,
): Promise<void> {
  await waitFor(async () => (await unrecorded(databaseUrl, await streamEvents())).length === 0, {
    timeoutMs: 30_000,
    intervalMs: 1000,
  }).catch(() => undefined);
  await waitFor(async () => (await undelivered(databaseUrl, receiver)).length === 0, { timeoutMs: 30_000, intervalMs: 1000 }).catch(
    () => undefined,
  );
}
