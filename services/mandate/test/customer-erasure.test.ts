// An erase and a mandate create for the same customer, however they interleave, never leave a
// live mandate of an erased customer: the database decides which of them is refused. Raced over
// the real rpcs, and interleaved step by step on held-open transactions, each way round.
import { createLogger } from '@vrp/logging';
import { SandboxClocks } from '@vrp/sandbox-clock';
import { createPool, rawSql, type SqlPool } from '@vrp/sql';
import { waitFor } from '@vrp/testing';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eraseCustomer, readCustomer } from '../src/db/customers.js';
import { insertMandate } from '../src/db/mandate-sql.js';
import type { Deps } from '../src/deps.js';
import { markScaCompleted } from '../src/usecases/mark-sca-completed.js';
import { apiError, newMerchantId, seedMandate, startHarness, type Harness } from './fixtures.js';

let h: Harness;
let pool: SqlPool;
beforeAll(async () => {
  h = await startHarness();
  pool = createPool(h.db.url);
}, 30_000);
afterAll(async () => {
  await pool?.end();
  await h?.close();
}, 30_000);

/** Customers whose personal data is erased while one of their mandates is live: must stay empty. */
async function erasedWithLiveMandates(): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    `SELECT DISTINCT c.id FROM mandate.customers c JOIN mandate.mandates m ON m.merchant_id = c.merchant_id AND m.customer_id = c.id
      WHERE c.erased_at IS NOT NULL AND m.status IN ('pending_sca', 'active', 'suspended')`,
  );
  return rows.map((r) => r.id);
}

const newCustomer = async (merchantId: string) =>
  (await h.client.createCustomer({ merchantId, scaCompleted: true, email: 'race@example.com' })).customer!.id;

describe('erasing a customer while a mandate is created for it', { timeout: 60_000 }, () => {
  it('ends with exactly one of them refused, with its own code, over many races', async () => {
    const merchantId = newMerchantId();
    const outcomes = { erased: 0, mandated: 0 };
    for (let i = 0; i < 40; i++) {
      const id = await newCustomer(merchantId);
      const [erase, create] = await Promise.allSettled([
        h.client.eraseCustomer({ merchantId, id }),
        seedMandate(h.client, merchantId, { customerId: id }),
      ]);
      const codeOf = (r: PromiseSettledResult<unknown>) => (r.status === 'rejected' ? (r.reason as { code: string }).code : 'ok');
      const pair = [codeOf(erase), codeOf(create)];
      expect([
        ['ok', 'customer_erased'],
        ['customer_has_active_mandates', 'ok'],
      ]).toContainEqual(pair);
      if (pair[0] === 'ok') outcomes.erased++;
      else outcomes.mandated++;
    }
    expect(outcomes.erased + outcomes.mandated).toBe(40);
    expect(await erasedWithLiveMandates()).toEqual([]);
  });

  /** Runs `first` in a transaction held open until `second` (on another connection) waits for its lock, then commits it. */
  async function interleave<T>(first: (tx: pg.PoolClient) => Promise<unknown>, second: () => Promise<T>): Promise<T> {
    const tx = await pool.connect();
    try {
      await tx.query('BEGIN');
      await first(tx);
      const waiting = second();
      waiting.catch(() => undefined);
      await waitFor(
        async () => {
          const { rows } = await pool.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          return rows[0]!.n > 0 || undefined;
        },
        { what: 'the second statement waiting for the first one’s lock' },
      );
      await tx.query('COMMIT');
      return await waiting;
    } finally {
      tx.release();
    }
  }

  const terms = {
    maximumAmountMinor: 1000n,
    currency: 'GBP',
    frequency: 'monthly' as const,
    vrpType: 'commercial' as const,
    description: '',
    metadata: {},
    controls: null,
  };

  it('refuses the erase when a mandate insert holds the customer first (the database, not the service, decides)', async () => {
    const merchantId = newMerchantId();
    const id = await newCustomer(merchantId);
    const mandateId = `MD${Date.now()}A`;
    const erase = interleave(
      (tx) => insertMandate(tx, h.stream.subjectPrefix, { merchantId, customerId: id, terms, id: mandateId, createdAt: new Date() }),
      () => eraseCustomer(pool, merchantId, id, new Date()),
    );
    await expect(erase).rejects.toMatchObject({ code: '23514', constraint: 'customers_erased_without_live_mandates' });
    expect((await readCustomer(pool, merchantId, id))!.erasedAt).toBeNull();
    expect(await erasedWithLiveMandates()).toEqual([]);
  });

  it('refuses the mandate when an erase holds the customer first', async () => {
    const merchantId = newMerchantId();
    const id = await newCustomer(merchantId);
    const insert = interleave(
      (tx) => eraseCustomer(tx, merchantId, id, new Date()),
      () =>
        insertMandate(pool, h.stream.subjectPrefix, { merchantId, customerId: id, terms, id: `MD${Date.now()}B`, createdAt: new Date() }),
    );
    await expect(insert).rejects.toMatchObject({ code: '23514', constraint: 'mandates_customer_not_erased' });
    expect((await readCustomer(pool, merchantId, id))!.erasedAt).not.toBeNull();
    expect(await erasedWithLiveMandates()).toEqual([]);
  });
});

describe('markScaCompleted (a consent journey approved at the bank)', { timeout: 30_000 }, () => {
  let deps: Deps;
  beforeAll(async () => {
    const clocks = new SandboxClocks({ enabled: true, store: { db: rawSql(pool), schema: 'mandate' } });
    await clocks.load();
    deps = { sql: pool, clocks, logger: createLogger('mandate-test', { level: 'silent' }) } as Deps;
  });

  it('lets a customer created without SCA be given mandates, once, and never an erased or unknown one', async () => {
    const merchantId = newMerchantId();
    const id = (await h.client.createCustomer({ merchantId, email: 'jo@example.com' })).customer!.id;
    expect((await apiError(seedMandate(h.client, merchantId, { customerId: id }))).code).toBe('customer_sca_incomplete');
    const marked = await markScaCompleted(deps, merchantId, id);
    expect(marked).toMatchObject({ id, scaCompleted: true, email: 'jo@example.com' });
    expect(await markScaCompleted(deps, merchantId, id)).toEqual(marked);
    expect((await h.client.getCustomer({ merchantId, id })).customer!.scaCompleted).toBe(true);
    expect((await seedMandate(h.client, merchantId, { customerId: id })).customerId).toBe(id);

    expect((await apiError(markScaCompleted(deps, newMerchantId(), id))).code).toBe('not_found');
    const other = (await h.client.createCustomer({ merchantId })).customer!.id;
    await h.client.eraseCustomer({ merchantId, id: other });
    expect((await apiError(markScaCompleted(deps, merchantId, other))).code).toBe('customer_erased');
    expect((await h.client.getCustomer({ merchantId, id: other })).customer!.scaCompleted).toBe(false);
  });
});
