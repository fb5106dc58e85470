import pg from 'pg';
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
  const timeline = await db.query<{ payment_id: string; status: string; n: string }>('SELECT payment_id, status, count(*) AS n FROM payment.payment_timeline GROUP BY payment_id, status');
  // A payment settles once; later 'settled' entries come from refunds given back, counted below.
  for (const t of timeline.rows) if (t.status !== 'refunded') add(`payment.${t.status}`, t.payment_id, t.status === 'settled' ? 1 : Number(t.n));
  const confirmed = await db.query<{ payment_id: string; n: string }>('SELECT payment_id, count(*) AS n FROM payment.refund_allocations WHERE confirmed_at IS NOT NULL GROUP BY payment_id');
  for (const c of confirmed.rows) add('payment.refunded', c.payment_id, Number(c.n));
  const released = await db.query<{ payment_id: string; n: string }>('SELECT payment_id, count(*) AS n FROM payment.refund_allocations WHERE confirmed_at IS NOT NULL AND released_at IS NOT NULL GROUP BY payment_id');
  for (const r of released.rows) add('payment.settled', r.payment_id, Number(r.n));
  for (const r of (await db.query<{ id: string; status: string }>('SELECT id, status FROM refund.refunds')).rows) {
    add('refund.created', r.id);
    if (r.status === 'settled') add('refund.settled', r.id);
  }
  return expected;
}

/** Events the webhook service recorded, by type and resource. */
async function recordedEvents(db: pg.Client): Promise<{ byResource: Map<string, number>; ids: string[] }> {
  const rows = (await db.query<{ id: string; event_type: string; resource: string }>(`SELECT id, event_type, data::jsonb->>'id' AS resource FROM webhook.events WHERE NOT test`)).rows;
  const byResource = new Map<string, number>();
  for (const r of rows) byResource.set(`${r.event_type} ${r.resource}`, (byResource.get(`${r.event_type} ${r.resource}`) ?? 0) + 1);
  return { byResource, ids: rows.map((r) => r.id) };
}

/** True once nothing is left to do: every outbox published, no payment or refund still with the bank, no delivery waiting. */
export async function settled(databaseUrl: string): Promise<boolean> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ n: string }>(`SELECT
      (SELECT count(*) FROM mandate.outbox_events WHERE published_at IS NULL) + (SELECT count(*) FROM payment.outbox_events WHERE published_at IS NULL)
      + (SELECT count(*) FROM refund.outbox_events WHERE published_at IS NULL) + (SELECT count(*) FROM payment.payments WHERE status = 'submitted')
      + (SELECT count(*) FROM refund.refunds WHERE status = 'pending_settlement') + (SELECT count(*) FROM refund.refund_requests WHERE state IN ('open', 'abandoned'))
      + (SELECT count(*) FROM webhook.deliveries WHERE status IN ('pending', 'retrying')) + (SELECT count(*) FROM mandate.mandates WHERE status = 'pending_sca') AS n`);
    return Number(rows[0]!.n) === 0;
  } finally {
    await db.end();
  }
}

/** Holds what the platform kept and delivered against the invariants the fault suite promises. */
export async function audit(databaseUrl: string, ledger: LoadLedger, receiver: VerifyingReceiver): Promise<Finding[]> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const findings: Finding[] = [];
    const expected = await expectedEvents(db);
    const recorded = await recordedEvents(db);
    const eventViolations: string[] = [];
    for (const [what, n] of expected) if ((recorded.byResource.get(what) ?? 0) !== n) eventViolations.push(`${what}: expected ${n}, recorded ${recorded.byResource.get(what) ?? 0}`);
    for (const [what, n] of recorded.byResource) if (!expected.has(what)) eventViolations.push(`${what}: recorded ${n}, but no committed change explains it`);
    findings.push({ check: 'every committed change has exactly one event', checked: expected.size, violations: eventViolations });

    const undelivered = recorded.ids.filter((id) => !receiver.verified.has(id));
    findings.push({ check: 'every event has a verified delivery', checked: recorded.ids.length, violations: undelivered.map((id) => `${id} never delivered`) });
    findings.push({ check: 'no delivery failed verification', checked: [...receiver.verified.values()].reduce((a, b) => a + b, 0), violations: receiver.forged });

    const keyViolations = [...ledger.keys].filter(([, ids]) => ids.size > 1).map(([key, ids]) => `${key} answered with ${[...ids].join(', ')}`);
    for (const [table, column] of [['payment.payments', 'id'], ['mandate.mandates', 'id'], ['refund.refunds', 'id']] as const) {
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
      violations: [...over.rows.map((o) => `${o.id}: ${o.refunded} refunded of ${o.amount}`), ...mismatch.rows.map((m) => `${m.id}: amount_refunded disagrees with its refunds`)],
    });

    const lost = [...expected].filter(([what]) => !recorded.byResource.has(what)).length;
    findings.push({ check: 'events lost', checked: expected.size, violations: lost ? [`${lost} expected events never recorded`] : [] });
    return findings;
  } finally {
    await db.end();
  }
}
