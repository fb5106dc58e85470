// The hand-over to the bank in batches: a billing run's hundreds of attempts falling due together
// travel in hand-overs small enough to finish within a call's deadline, several at once, and each
// attempt reaches the bank once.
import { createLogger } from '@vrp/logging';
import { SandboxClocks } from '@vrp/sandbox-clock';
import { createPool, type SqlPool } from '@vrp/sql';
import { createTestDatabase, type TestDatabase } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BankSubmitter, type Attempt, type BankClient } from '../src/clients/bank-submitter.js';

let db: TestDatabase;
let pool: SqlPool;
beforeAll(async () => {
  db = await createTestDatabase(['payment']);
  pool = createPool(db.url, { max: 2 });
}, 120_000);
afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

/** A connector that takes 20 ms per hand-over and records each hand-over's attempts. */
function recordingBank() {
  const batches: string[][] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const client = {
    async submitPayments(req: { submissions: { paymentId: string }[] }) {
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      batches.push(req.submissions.map((s) => s.paymentId));
      await new Promise((r) => setTimeout(r, 20));
      inFlight--;
      return { receipts: req.submissions.map(() => ({ bankReference: 'DVRP', clearing: false })) };
    },
  } as unknown as BankClient;
  return { client, batches, mostInFlight: () => mostInFlight };
}

const attempt = (i: number): Attempt => ({
  id: `PM${String(i).padStart(6, '0')}`,
  mandateId: `MD${i}`,
  merchantId: 'MRSUBMIT',
  amountMinor: 1000n,
  currency: 'GBP',
  retryCount: 0,
  reference: `REF${i}`,
  endToEndId: `E2E${i}`,
});

describe('handing attempts to the bank', () => {
  it('sends a burst of 500 in hand-overs of at most 32, several under way at once, each attempt once', async () => {
    const bank = recordingBank();
    const submitter = new BankSubmitter(
      pool,
      bank.client,
      new SandboxClocks({ enabled: false }),
      createLogger('payment', { level: 'silent' }),
    );
    for (let i = 0; i < 500; i++) submitter.submitLater(attempt(i));
    await submitter.drain();
    expect(Math.max(...bank.batches.map((b) => b.length))).toBeLessThanOrEqual(32);
    expect(bank.mostInFlight()).toBeGreaterThan(1);
    expect(bank.mostInFlight()).toBeLessThanOrEqual(4);
    const sent = bank.batches.flat();
    expect(sent).toHaveLength(500);
    expect(new Set(sent).size).toBe(500);
  });
});
