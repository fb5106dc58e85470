import { create } from '@bufbuild/protobuf';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { mandate, payment, schedule } from '@vrp/contracts';
import { ApiError } from '@vrp/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDueCycles } from '../src/db/cycles.js';
import { selectSchedulePage } from '../src/db/schedule-list.js';
import { readSchedule } from '../src/db/schedules.js';
import { cycleKey } from '../src/usecases/collect-due-cycles.js';
import pg from 'pg';
import { activeMandate, bankReports, eventually, newMerchantId, startHarness, type Harness } from './support/harness.js';

let h: Harness;
beforeAll(async () => {
  // Two replicas over one database; neither runs its scheduler by itself: the tests run passes.
  h = await startHarness({ replicas: 2, scheduler: false });
});
afterAll(async () => {
  await h?.close();
});

const DAY = 86_400_000;
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (err: unknown) => (err instanceof ApiError ? `${err.code}${err.param ? `@${err.param}` : ''}` : String(err)),
  );
const monthly = (
  merchantId: string,
  mandateId: string,
  extra: Partial<Omit<schedule.CreateScheduleRequest, '$typeName' | '$unknown'>> = {},
) => h.schedules.createSchedule({ merchantId, mandateId, amount: '10.00', intervalUnit: schedule.IntervalUnit.MONTH, ...extra });
/** Runs passes on every replica at once until a round claims nothing. */
async function drain(): Promise<void> {
  for (let round = 0; round < 50; round++) {
    const claimed = await Promise.all(h.replicas.map((r) => r.collectOnce()));
    if (claimed.every((n) => n === 0)) return;
  }
}
const paymentsOf = (scheduleId: string) =>
  h.sql<{ id: string; status: string }>(`SELECT id, status FROM payment.payments WHERE schedule_id = $1 ORDER BY created_at`, [scheduleId]);

describe('creating schedules', () => {
  it('answers the schedule with its next 10 cycles, and the list filters by mandate and status', async () => {
    const merchantId = newMerchantId();
    const m = await activeMandate(h, merchantId);
    const { schedule: s } = await monthly(merchantId, m.id, { startDate: '2099-01-31', count: 12 });
    expect(s).toMatchObject({ status: schedule.ScheduleStatus.ACTIVE, nextChargeDate: '2099-01-31', currency: 'GBP', amountMinor: 1000n });
    expect(s!.id).toMatch(/^SC/);
    expect(s!.upcoming.map((c) => c.chargeDate)).toEqual([
      '2099-01-31',
      '2099-02-28',
      '2099-03-31',
      '2099-04-30',
      '2099-05-31',
      '2099-06-30',
      '2099-07-31',
      '2099-08-31',
      '2099-09-30',
      '2099-10-31',
    ]);
    expect((await h.schedules.getSchedule({ merchantId, id: s!.id })).schedule).toEqual(s);
    const listed = await h.schedules.listSchedules({
      merchantId,
      mandateId: m.id,
      statuses: [schedule.ScheduleStatus.ACTIVE],
      page: { pageSize: 10 },
    });
    expect(listed.schedules.map((x) => x.id)).toEqual([s!.id]);
    expect(await codeOf(h.schedules.getSchedule({ merchantId: newMerchantId(), id: s!.id }))).toBe('not_found');
  });

  it('reads each schedule of a list page as the typed single read does, column for column', async () => {
    const merchantId = newMerchantId();
    const m = await activeMandate(h, merchantId);
    const made = [
      (await monthly(merchantId, m.id, { startDate: '2099-01-31', count: 3, metadata: { plan: 'gold' } })).schedule!,
      (await h.schedules.createSchedule({ merchantId, mandateId: m.id, instalments: [{ chargeDate: '2099-03-01', amount: '5.00' }] }))
        .schedule!,
    ];
    const pool = new pg.Pool({ connectionString: h.db.url, max: 1 });
    try {
      const { items } = await selectSchedulePage(pool, { merchantId }, undefined);
      expect(items.map((x) => x.id).sort()).toEqual(made.map((x) => x.id).sort());
      for (const item of items) expect(item).toStrictEqual(await readSchedule(pool, merchantId, item.id));
    } finally {
      await pool.end();
    }
  });

  it('refuses amounts over the mandate, naming the amount or the instalment, and bad shapes with validation_error', async () => {
    const merchantId = newMerchantId();
    const m = await activeMandate(h, merchantId, { maximumAmountMinor: 5000n });
    expect(await codeOf(monthly(merchantId, m.id, { amount: '50.01' }))).toBe('amount_exceeds_mandate_limit@amount');
    const instalments = [
      { chargeDate: '2099-01-01', amount: '10.00' },
      { chargeDate: '2099-02-01', amount: '60.00' },
    ];
    expect(await codeOf(h.schedules.createSchedule({ merchantId, mandateId: m.id, instalments }))).toBe(
      'amount_exceeds_mandate_limit@instalments[1].amount',
    );
    expect(await codeOf(monthly(merchantId, m.id, { dayOfMonth: 29 }))).toBe('validation_error@day_of_month');
    expect(await codeOf(monthly(merchantId, m.id, { startDate: '2000-01-01' }))).toBe('validation_error@start_date');
    expect(await codeOf(monthly(merchantId, m.id, { amount: '1.234' }))).toBe('validation_error@amount');
    expect(await codeOf(monthly(merchantId, 'MD_NOPE'))).toBe('mandate_not_found@mandate_id');
  });

  it('pauses, resumes and cancels; a move the status does not allow is invalid_state_transition', async () => {
    const merchantId = newMerchantId();
    const m = await activeMandate(h, merchantId);
    const { schedule: s } = await monthly(merchantId, m.id, { startDate: '2099-01-01' });
    expect((await h.schedules.pauseSchedule({ merchantId, id: s!.id })).schedule!.status).toBe(schedule.ScheduleStatus.PAUSED);
    expect(await codeOf(h.schedules.pauseSchedule({ merchantId, id: s!.id }))).toBe('invalid_state_transition');
    expect((await h.schedules.resumeSchedule({ merchantId, id: s!.id })).schedule!.status).toBe(schedule.ScheduleStatus.ACTIVE);
    const cancelled = (await h.schedules.cancelSchedule({ merchantId, id: s!.id })).schedule!;
    expect(cancelled).toMatchObject({
      status: schedule.ScheduleStatus.CANCELLED,
      cancelCause: 'merchant',
      nextChargeDate: '',
      upcoming: [],
    });
    expect(await codeOf(h.schedules.resumeSchedule({ merchantId, id: s!.id }))).toBe('invalid_state_transition');
  });

  it("sets one future cycle's amount, and refuses a date that is not one of its cycles", async () => {
    const merchantId = newMerchantId();
    const m = await activeMandate(h, merchantId);
    const { schedule: s } = await monthly(merchantId, m.id, { startDate: '2099-01-15' });
    const changed = (await h.schedules.setCycleAmount({ merchantId, id: s!.id, chargeDate: '2099-03-15', amount: '12.50' })).schedule!;
    expect(changed.upcoming.slice(0, 4).map((c) => [c.chargeDate, c.amountMinor])).toEqual([
      ['2099-01-15', 1000n],
      ['2099-02-15', 1000n],
      ['2099-03-15', 1250n],
      ['2099-04-15', 1000n],
    ]);
    expect(await codeOf(h.schedules.setCycleAmount({ merchantId, id: s!.id, chargeDate: '2099-03-16', amount: '1.00' }))).toBe(
      'not_found@charge_date',
    );
  });
});

describe('collecting due cycles', () => {
  it('makes exactly one payment per cycle when two schedulers race over the same due cycles', async () => {
    const merchantId = newMerchantId();
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const m = await activeMandate(h, merchantId);
      ids.push((await monthly(merchantId, m.id, { count: 3 })).schedule!.id);
    }
    await drain();
    const rows = await h.sql<{ schedule_id: string; n: number }>(
      `SELECT schedule_id, count(*)::int AS n FROM payment.payments WHERE schedule_id = ANY($1) GROUP BY schedule_id`,
      [ids],
    );
    expect(rows).toHaveLength(20);
    expect(rows.every((r) => r.n === 1)).toBe(true);
    const cycles = await h.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM schedule.cycles WHERE schedule_id = ANY($1) AND status = 'created'`,
      [ids],
    );
    expect(cycles[0]!.n).toBe(20);
    const got = (await h.schedules.getSchedule({ merchantId, id: ids[0]! })).schedule!;
    expect(got.paymentsCreated).toBe(1);
    expect(got.upcoming).toHaveLength(2);
  }, 60_000);

  it('a scheduler that died after creating a payment and before recording it leaves the payment to the next claimer, not a second one', async () => {
    const merchantId = newMerchantId();
    const m = await activeMandate(h, merchantId, { frequency: mandate.Frequency.ADHOC });
    const { schedule: s } = await monthly(merchantId, m.id, { count: 1 });
    // The dead scheduler: claims with a lease that runs out at once, creates the payment, records nothing.
    const pool = new pg.Pool({ connectionString: h.db.url });
    const [cycle] = (await claimDueCycles(pool, new Date(), 0, 1000, 1)).filter((c) => c.scheduleId === s!.id);
    await pool.end();
    const key = cycleKey(cycle!);
    const { payment: first } = await h.payments.createPayment({
      merchantId,
      mandateId: m.id,
      amountMinor: 1000n,
      currency: 'GBP',
      idempotency: { key, fingerprint: key },
      scheduleId: s!.id,
    });
    await new Promise((r) => setTimeout(r, 20));
    await drain();
    expect((await paymentsOf(s!.id)).map((p) => p.id)).toEqual([first!.id]);
    const done = (await h.schedules.getSchedule({ merchantId, id: s!.id })).schedule!;
    expect(done).toMatchObject({ status: schedule.ScheduleStatus.COMPLETED, paymentsCreated: 1 });
  });

  it('defers a cycle the frequency limit refuses to the next period, or skips it with on_limit skip', async () => {
    const merchantId = newMerchantId();
    const deferring = await activeMandate(h, merchantId);
    const skipping = await activeMandate(h, merchantId);
    // Each mandate (monthly) already collected this month.
    for (const m of [deferring, skipping]) {
      const { payment: p } = await h.payments.createPayment({ merchantId, mandateId: m.id, amountMinor: 100n, currency: 'GBP' });
      await bankReports(h, p!, 'settled');
    }
    const { schedule: d } = await monthly(merchantId, deferring.id, { count: 2 });
    const { schedule: k } = await monthly(merchantId, skipping.id, { count: 2, onLimit: schedule.OnLimit.SKIP });
    await drain();
    const [cycle] = await h.sql<{ due_at: Date; deferrals: number; status: string }>(
      `SELECT due_at, deferrals, status FROM schedule.cycles WHERE schedule_id = $1 AND seq = 0`,
      [d!.id],
    );
    const now = new Date();
    expect(cycle).toMatchObject({ deferrals: 1, status: 'pending' });
    expect(cycle!.due_at.toISOString()).toBe(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString());
    const [skipped] = await h.sql<{ status: string }>(`SELECT status FROM schedule.cycles WHERE schedule_id = $1 AND seq = 0`, [k!.id]);
    expect(skipped!.status).toBe('skipped');
    expect(await paymentsOf(d!.id)).toEqual([]);
    expect(await paymentsOf(k!.id)).toEqual([]);
  });

  it("defers a cycle a periodic limit refuses to the end of that limit's period", async () => {
    const merchantId = newMerchantId();
    const controls = create(mandate.ControlsSchema, {
      periodicLimits: [{ period: mandate.Period.MONTH, alignment: mandate.Alignment.CONSENT, maxPayments: 1 }],
    });
    const m = await activeMandate(h, merchantId, { frequency: mandate.Frequency.ADHOC, controls });
    const { payment: p } = await h.payments.createPayment({ merchantId, mandateId: m.id, amountMinor: 100n, currency: 'GBP' });
    await bankReports(h, p!, 'settled');
    const { schedule: s } = await monthly(merchantId, m.id, { count: 2 });
    await drain();
    const { usage } = await h.payments.getMandateUsage({ merchantId, mandateId: m.id });
    const [cycle] = await h.sql<{ due_at: Date; deferrals: number; status: string }>(
      `SELECT due_at, deferrals, status FROM schedule.cycles WHERE schedule_id = $1 AND seq = 0`,
      [s!.id],
    );
    expect(cycle).toMatchObject({ deferrals: 1, status: 'pending' });
    expect(cycle!.due_at.toISOString()).toBe(timestampDate(usage[0]!.periodEnd!).toISOString());
    expect(await paymentsOf(s!.id)).toEqual([]);
  });

  it('retries an insufficient_funds failure by itself and never a non-retryable one', async () => {
    const merchantId = newMerchantId();
    const recovering = await activeMandate(h, merchantId, { frequency: mandate.Frequency.ADHOC });
    const closed = await activeMandate(h, merchantId, { frequency: mandate.Frequency.ADHOC });
    const retry = { retryEnabled: true, count: 1 };
    const { schedule: a } = await monthly(merchantId, recovering.id, retry);
    const { schedule: b } = await monthly(merchantId, closed.id, retry);
    await drain();
    const [pa] = (await h.payments.listPayments({ merchantId, scheduleId: a!.id, page: { pageSize: 5 } })).payments;
    const [pb] = (await h.payments.listPayments({ merchantId, scheduleId: b!.id, page: { pageSize: 5 } })).payments;
    expect(pa!.scheduleId).toBe(a!.id);
    const failedA = await bankReports(h, pa!, { failed: 'insufficient_funds' });
    const failedB = await bankReports(h, pb!, { failed: 'account_closed' });
    expect(failedA.nextRetryAt).toBeDefined();
    expect(timestampDate(failedA.nextRetryAt!).getTime() - Date.now()).toBeGreaterThan(DAY - 60_000);
    expect(failedB.nextRetryAt).toBeUndefined();
    await h.advance(merchantId, DAY + 60_000);
    const retried = await eventually(async () => {
      const p = (await h.payments.getPayment({ merchantId, id: pa!.id })).payment!;
      return p.status === payment.PaymentStatus.SUBMITTED && p;
    });
    expect(retried.retryCount).toBe(1);
    expect((await bankReports(h, retried, 'settled')).status).toBe(payment.PaymentStatus.SETTLED);
    await h.advance(merchantId, 6 * DAY);
    await new Promise((r) => setTimeout(r, 600));
    expect((await h.payments.getPayment({ merchantId, id: pb!.id })).payment).toMatchObject({
      status: payment.PaymentStatus.FAILED,
      retryCount: 0,
    });
  });

  it('a revoked mandate ends its schedules with schedule.cancelled and the cause', async () => {
    const merchantId = newMerchantId();
    const m = await activeMandate(h, merchantId);
    const { schedule: s } = await monthly(merchantId, m.id, { startDate: '2099-01-01' });
    await h.mandates.cancelMandate({ merchantId, id: m.id });
    const ended = await eventually(async () => {
      const got = (await h.schedules.getSchedule({ merchantId, id: s!.id })).schedule!;
      return got.status === schedule.ScheduleStatus.CANCELLED && got;
    });
    expect(ended.cancelCause).toBe('mandate_revoked');
    const events = await h.sql<{ n: number }>(`SELECT count(*)::int AS n FROM schedule.outbox_events WHERE subject = $1`, [
      `${h.stream.subjectPrefix}.schedule.cancelled`,
    ]);
    expect(events[0]!.n).toBeGreaterThanOrEqual(1);
  });
});
