import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { common } from '@vrp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failAtBank, ManualClock, newMerchant, pay, PS, seedMandate, settleAtBank } from './support/fixtures.js';
import { startStack, type Stack } from './support/stack.js';

const clock = new ManualClock(new Date('2026-11-10T09:00:00.000Z'));
let s: Stack;
const merchantId = newMerchant();
const ids: string[] = [];
let mandateA = '';

beforeAll(async () => {
  s = await startStack({ clock });
  const a = await seedMandate(s, merchantId);
  const b = await seedMandate(s, merchantId);
  mandateA = a.id;
  // Five payments one hour apart: a1 (settled), b1 (failed), a2 (settled), b2 (submitted), a3 (submitted).
  for (const [mandate, amount, outcome] of [
    [a, 1_000n, 'settle'],
    [b, 2_000n, 'fail'],
    [a, 3_000n, 'settle'],
    [b, 4_000n, ''],
    [a, 5_000n, ''],
  ] as const) {
    const p = await pay(s, merchantId, mandate.id, amount);
    ids.push(p.id);
    if (outcome === 'settle') await settleAtBank(s, merchantId, p.id);
    if (outcome === 'fail') await failAtBank(s, merchantId, p.id);
    clock.advance(3600_000);
  }
});
afterAll(() => s?.close());

const list = (req: Record<string, unknown>) => s.payments.listPayments({ merchantId, ...req }).then((r) => r.payments.map((p) => p.id));

describe('listing payments', () => {
  it('returns newest first by default and filters by mandate, id, status and amount', async () => {
    expect(await list({})).toEqual([...ids].reverse());
    expect(await list({ mandateId: mandateA })).toEqual([ids[4], ids[2], ids[0]]);
    expect(await list({ paymentId: ids[1] })).toEqual([ids[1]]);
    expect(await list({ statuses: [PS.SETTLED, PS.FAILED] })).toEqual([ids[2], ids[1], ids[0]]);
    expect(await list({ amount: { gte: 2_000n, lte: 4_000n } })).toEqual([ids[3], ids[2], ids[1]]);
    expect(await list({ merchantId: newMerchant() })).toEqual([]);
  });

  it('filters by creation time and settlement date', async () => {
    const from = new Date('2026-11-10T10:00:00.000Z');
    expect(
      await list({ createdAt: { gte: timestampFromDate(from), lte: timestampFromDate(new Date(from.getTime() + 3600_000)) } }),
    ).toEqual([ids[2], ids[1]]);
    // The day the bank settled them on (today when they settled, whatever today is now).
    const days = await Promise.all(
      [ids[0], ids[2]].map(async (id) => (await s.payments.getPayment({ merchantId, id: id! })).payment!.settlementDate),
    );
    const [first, last] = [...days].sort();
    expect(await list({ settlementDate: { gte: first, lte: last } })).toEqual([ids[2], ids[0]]);
    expect(await list({ settlementDate: { gte: '2000-01-01', lte: '2000-01-02' } })).toEqual([]);
  });

  it('pages by keyset in amount order', async () => {
    const page = (after?: string) =>
      s.payments.listPayments({
        merchantId,
        page: {
          order: common.SortOrder.AMOUNT_DESC,
          pageSize: 2,
          ...(after ? { after: { id: after, amountMinor: 0n } } : {}),
        },
      });
    const first = await page();
    expect(first.payments.map((p) => p.amountMinor)).toEqual([5_000n, 4_000n]);
    expect(first.pageInfo?.hasMore).toBe(true);
    const last = first.payments[1]!;
    const second = await s.payments.listPayments({
      merchantId,
      page: {
        order: common.SortOrder.AMOUNT_DESC,
        pageSize: 2,
        after: { id: last.id, amountMinor: last.amountMinor, createdAt: last.createdAt },
      },
    });
    expect(second.payments.map((p) => p.amountMinor)).toEqual([3_000n, 2_000n]);
  });
});
