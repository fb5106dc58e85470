import { timestampDate, timestampFromDate, type Timestamp } from '@bufbuild/protobuf/wkt';
import { common, mandate as pb } from '@vrp/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError, newMerchantId, seedMandate, startHarness, type Harness } from './fixtures.js';

const { SortOrder } = common;
const { MandateStatus: S } = pb;
let h: Harness;
const merchantId = newMerchantId();
let all: pb.Mandate[] = [];
let customers: string[] = [];

beforeAll(async () => {
  h = await startHarness();
  customers = [];
  for (let c = 0; c < 3; c++) customers.push((await h.client.createCustomer({ merchantId, scaCompleted: true })).customer!.id);
  const created: pb.Mandate[] = [];
  for (let i = 0; i < 30; i++) {
    // Few distinct amounts, so amount orders must break ties on creation time and then id.
    created.push(
      await seedMandate(h.client, merchantId, { customerId: customers[i % 3]!, maximumAmountMinor: BigInt(1000 * (1 + (i % 4))) }),
    );
  }
  for (const m of created.slice(0, 12)) await h.client.activateMandate({ merchantId, id: m.id });
  for (const m of created.slice(0, 4)) await h.client.suspendMandate({ merchantId, id: m.id });
  for (const m of created.slice(25)) await h.client.cancelMandate({ merchantId, id: m.id });
  // Pairs of mandates share a creation instant, so every order also leans on the id tie-breaker.
  const sql = new pg.Client({ connectionString: h.db.url });
  await sql.connect();
  await sql.query(`UPDATE mandate.mandates SET created_at = date_trunc('second', now()) - (ord / 2) * interval '1 second'
    FROM (SELECT id AS mid, row_number() OVER (ORDER BY id) AS ord FROM mandate.mandates) o WHERE o.mid = id`);
  await sql.end();
  all = await Promise.all(created.map(async (m) => (await h.client.getMandate({ merchantId, id: m.id })).mandate!));
}, 30_000);
afterAll(() => h?.close(), 30_000);

const ms = (m: pb.Mandate) => timestampDate(m.createdAt!).getTime();
const cmp = (a: bigint | number | string, b: bigint | number | string) => (a < b ? -1 : a > b ? 1 : 0);
const byOrder: Record<number, (a: pb.Mandate, b: pb.Mandate) => number> = {
  [SortOrder.CREATED_AT_DESC]: (a, b) => cmp(ms(b), ms(a)) || cmp(b.id, a.id),
  [SortOrder.CREATED_AT_ASC]: (a, b) => cmp(ms(a), ms(b)) || cmp(a.id, b.id),
  [SortOrder.AMOUNT_ASC]: (a, b) => cmp(a.maximumAmountMinor, b.maximumAmountMinor) || cmp(ms(a), ms(b)) || cmp(a.id, b.id),
  [SortOrder.AMOUNT_DESC]: (a, b) => cmp(b.maximumAmountMinor, a.maximumAmountMinor) || cmp(ms(b), ms(a)) || cmp(b.id, a.id),
};

const position = (m: pb.Mandate) => ({ createdAt: m.createdAt, amountMinor: m.maximumAmountMinor, id: m.id });
type Filters = {
  customerId?: string;
  statuses?: pb.MandateStatus[];
  createdAt?: { gte?: Timestamp; lte?: Timestamp };
  amount?: { gte?: bigint; lte?: bigint };
};

/** Every page from the start, walking forward. */
async function walkForward(order: common.SortOrder, pageSize: number, filters: Filters = {}): Promise<pb.Mandate[][]> {
  const pages: pb.Mandate[][] = [];
  let after: ReturnType<typeof position> | undefined;
  for (;;) {
    const res = await h.client.listMandates({ merchantId, ...filters, page: { order, pageSize, ...(after ? { after } : {}) } });
    pages.push(res.mandates);
    if (!res.pageInfo?.hasMore) return pages;
    after = position(res.mandates.at(-1)!);
  }
}

/** Every page before the last one, walking backward from its first record. */
async function walkBackward(order: common.SortOrder, pageSize: number, last: pb.Mandate[]): Promise<pb.Mandate[][]> {
  const pages = [last];
  for (;;) {
    const res = await h.client.listMandates({ merchantId, page: { order, pageSize, backward: true, after: position(pages[0]![0]!) } });
    pages.unshift(res.mandates);
    if (!res.pageInfo?.hasMore) return pages;
  }
}

describe('list mandates', { timeout: 20_000 }, () => {
  it.each([
    ['-created_at', SortOrder.CREATED_AT_DESC],
    ['default', SortOrder.UNSPECIFIED],
    ['created_at', SortOrder.CREATED_AT_ASC],
    ['amount_minor', SortOrder.AMOUNT_ASC],
    ['-amount_minor', SortOrder.AMOUNT_DESC],
  ])('pages through %s forward and backward, each record exactly once, in a total order', async (_name, order) => {
    const expected = [...all].sort(byOrder[order === SortOrder.UNSPECIFIED ? SortOrder.CREATED_AT_DESC : order]).map((m) => m.id);
    const forward = await walkForward(order, 7);
    expect(forward.map((p) => p.length)).toEqual([7, 7, 7, 7, 2]);
    expect(forward.flat().map((m) => m.id)).toEqual(expected);
    const backward = await walkBackward(order, 7, forward.at(-1)!);
    // Backward pages hold the same records in display order; the first page is full, so pages re-align.
    expect(backward.flat().map((m) => m.id)).toEqual(expected);
    expect(backward.map((p) => p.length)).toEqual([7, 7, 7, 7, 2]);
  });

  it('filters by customer, status, creation time and amount, and pages within the filter', async () => {
    const sorted = [...all].sort(byOrder[SortOrder.CREATED_AT_ASC]);
    const from = sorted[5]!.createdAt!;
    const to = sorted[20]!.createdAt!;
    const cases: [Filters, (m: pb.Mandate) => boolean][] = [
      [{ customerId: customers[1]! }, (m) => m.customerId === customers[1]],
      [{ statuses: [S.SUSPENDED, S.REVOKED] }, (m) => m.status === S.SUSPENDED || m.status === S.REVOKED],
      [{ statuses: [S.ACTIVE] }, (m) => m.status === S.ACTIVE],
      [{ createdAt: { gte: from, lte: to } }, (m) => ms(m) >= timestampDate(from).getTime() && ms(m) <= timestampDate(to).getTime()],
      [{ amount: { gte: 2000n, lte: 3000n } }, (m) => m.maximumAmountMinor >= 2000n && m.maximumAmountMinor <= 3000n],
      [
        { amount: { lte: 1000n }, customerId: customers[0]!, statuses: [S.PENDING_SCA] },
        (m) => m.maximumAmountMinor <= 1000n && m.customerId === customers[0] && m.status === S.PENDING_SCA,
      ],
      [{ createdAt: { gte: timestampFromDate(new Date(Date.now() + 3_600_000)) } }, () => false],
    ];
    for (const [filters, keep] of cases) {
      const expected = all
        .filter(keep)
        .sort(byOrder[SortOrder.AMOUNT_DESC])
        .map((m) => m.id);
      const pages = await walkForward(SortOrder.AMOUNT_DESC, 4, filters);
      expect(
        pages.flat().map((m) => m.id),
        JSON.stringify(filters, (_k, v) => (typeof v === 'bigint' ? `${v}` : v)),
      ).toEqual(expected);
    }
  });

  it("never shows another merchant's mandates, and refuses an unknown status", async () => {
    const other = newMerchantId();
    await seedMandate(h.client, other);
    expect((await h.client.listMandates({ merchantId, page: { pageSize: 200 } })).mandates).toHaveLength(30);
    expect((await h.client.listMandates({ merchantId: other })).mandates).toHaveLength(1);
    const err = await apiError(h.client.listMandates({ merchantId, statuses: [99 as pb.MandateStatus] }));
    expect([err.code, err.param]).toEqual(['validation_error', 'status']);
  });
});
