import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { common, refund } from '@vrp/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRefund, selectRefundPage } from '../src/db/refund-sql.js';
import { newMerchantId, seedPayment, startHarness, type Harness } from './support/harness.js';

let h: Harness;
const merchantId = newMerchantId();
const made: refund.Refund[] = [];
let paymentA = '';
let paymentB = '';

beforeAll(async () => {
  h = await startHarness();
  paymentA = (await seedPayment(h, merchantId, 10_000n)).id;
  paymentB = (await seedPayment(h, merchantId, 10_000n)).id;
  for (const [paymentId, amountMinor] of [
    [paymentA, 300n],
    [paymentB, 100n],
    [paymentA, 500n],
    [paymentB, 200n],
    [paymentA, 400n],
  ] as const) {
    made.push((await h.refunds.createRefund({ merchantId, paymentId, amountMinor, reason: '' })).refund!);
  }
  await h.refunds.reportRefundOutcome({ refundId: made[0]!.id, outcome: refund.RefundOutcome.SETTLED });
});
afterAll(async () => {
  await h?.close();
});

const ids = (rs: refund.Refund[]) => rs.map((r) => r.id);
type ListInit = Parameters<Harness['refunds']['listRefunds']>[0];
const list = (req: Omit<Exclude<ListInit, refund.ListRefundsRequest>, 'merchantId' | '$typeName'>) =>
  h.refunds.listRefunds({ merchantId, ...req });

describe('listing refunds', () => {
  it('is newest first by default and scoped to the merchant', async () => {
    expect(ids((await list({})).refunds)).toEqual(ids(made).reverse());
    expect((await h.refunds.listRefunds({ merchantId: newMerchantId() })).refunds).toEqual([]);
  });

  it('filters by payment, status, amount and creation time', async () => {
    expect(ids((await list({ paymentId: paymentB })).refunds)).toEqual([made[3]!.id, made[1]!.id]);
    expect(ids((await list({ statuses: [refund.RefundStatus.SETTLED] })).refunds)).toEqual([made[0]!.id]);
    expect(ids((await list({ amount: { gte: 200n, lte: 400n } })).refunds)).toEqual([made[4]!.id, made[3]!.id, made[0]!.id]);
    const since = made[2]!.createdAt!;
    expect(ids((await list({ createdAt: { gte: since } })).refunds)).toEqual([made[4]!.id, made[3]!.id, made[2]!.id]);
    const until = timestampFromDate(new Date(Date.now() - 3_600_000));
    expect((await list({ createdAt: { lte: until } })).refunds).toEqual([]);
  });

  it('pages by amount with keyset positions, forwards and backwards', async () => {
    const order = common.SortOrder.AMOUNT_ASC;
    const first = await list({ page: { order, pageSize: 2 } });
    expect(first.refunds.map((r) => r.amountMinor)).toEqual([100n, 200n]);
    expect(first.pageInfo!.hasMore).toBe(true);
    const last = first.refunds[1]!;
    const after = create(common.KeysetPositionSchema, { createdAt: last.createdAt!, amountMinor: last.amountMinor, id: last.id });
    const second = await list({ page: { order, pageSize: 2, after } });
    expect(second.refunds.map((r) => r.amountMinor)).toEqual([300n, 400n]);
    const top = second.refunds[0]!;
    const before = create(common.KeysetPositionSchema, { createdAt: top.createdAt!, amountMinor: top.amountMinor, id: top.id });
    const back = await list({ page: { order, pageSize: 2, after: before, backward: true } });
    expect(back.refunds.map((r) => r.amountMinor)).toEqual([100n, 200n]);
    expect(back.pageInfo!.hasMore).toBe(false);
  });

  it('reads each refund of a page as the typed single read does, column for column', async () => {
    const pool = new pg.Pool({ connectionString: h.db.url, max: 1 });
    try {
      const { items } = await selectRefundPage(pool, merchantId, {}, undefined);
      expect(items.map((r) => r.id)).toEqual(ids(made).reverse());
      for (const item of items) expect(item).toStrictEqual(await readRefund(pool, merchantId, item.id));
    } finally {
      await pool.end();
    }
  });
});
