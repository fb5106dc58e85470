/**
 * Schedules through the public API (docs/api.md, "Schedules"): created, listed, paused and resumed over
 * HTTP, and collected by themselves on the merchant's sandbox clock, settled by the bank, with
 * every payment and event a merchant would see.
 */
import { waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from './support/api.js';
import { errorOf, mandateBody, sandboxCustomer } from './support/fixtures.js';
import { startPlatform, type Platform } from './support/platform.js';

const DAY = 24 * 3600;
let platform: Platform;

beforeAll(async () => {
  // Settlement a whole day after submission: only an advance of the clock gets there.
  platform = await startPlatform({ overrides: { BANK_AUTO_SETTLE: 'true', SANDBOX_SETTLEMENT_DELAY_MS: String(DAY * 1000) } });
});
afterAll(async () => {
  await platform?.stop();
});

async function merchantApi(): Promise<Api> {
  return platform.api((await platform.createMerchant()).token);
}

async function activeMandate(api: Api, overrides: Record<string, unknown> = {}): Promise<string> {
  const created = await api.post('/v1/mandates', mandateBody(await sandboxCustomer(api), overrides));
  expect(created.status, created.text).toBe(201);
  expect((await api.post(`/v1/sandbox/mandates/${created.body.id as string}/activate`)).status).toBe(200);
  return created.body.id as string;
}

async function advance(api: Api, seconds: number): Promise<Date> {
  const res = await api.post<{ now: string }>('/v1/sandbox/clock/advance', { seconds });
  expect(res.status, res.text).toBe(200);
  return new Date(res.body.now);
}

type Payment = { id: string; status: string; clearing_status: string; schedule_id: string | null };
async function paymentsOf(api: Api, scheduleId: string): Promise<Payment[]> {
  const res = await api.get<{ results: Payment[] }>(`/v1/payments?schedule_id=${scheduleId}&page_size=200`);
  expect(res.status, res.text).toBe(200);
  return res.body.results;
}

describe('schedules over the API', () => {
  it('creates, reads, lists, pauses, resumes and cancels a schedule, with the errors the API guide names', async () => {
    const api = await merchantApi();
    const mandateId = await activeMandate(api, { maximum_amount: '50.00' });
    const created = await api.post('/v1/schedules', {
      mandate_id: mandateId,
      amount: '9.99',
      interval_unit: 'month',
      day_of_month: -1,
      start_date: '2099-01-01',
      retry: { enabled: true },
      metadata: { plan: 'gold' },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.stringMatching(/^SC/),
      status: 'active',
      amount: '9.99',
      currency: 'GBP',
      interval_unit: 'month',
      interval: 1,
      day_of_month: -1,
      next_charge_date: '2099-01-31',
      on_limit: 'defer',
      retry: { enabled: true, max_retries: 3 },
      metadata: { plan: 'gold' },
      cancel_cause: null,
      payments_created: 0,
    });
    expect((created.body.upcoming as unknown[]).slice(0, 2)).toEqual([
      { charge_date: '2099-01-31', amount: '9.99' },
      { charge_date: '2099-02-28', amount: '9.99' },
    ]);
    const id = created.body.id as string;
    expect((await api.get(`/v1/schedules/${id}`)).body).toEqual(created.body);
    const listed = await api.get<{ results: { id: string }[] }>(`/v1/schedules?mandate_id=${mandateId}&status=active`);
    expect(listed.body.results.map((s) => s.id)).toEqual([id]);
    const cycle = await api.post(`/v1/schedules/${id}/cycles/2099-02-28`, { amount: '20.00' });
    expect(cycle.status, cycle.text).toBe(200);
    expect((cycle.body.upcoming as unknown[])[1]).toEqual({ charge_date: '2099-02-28', amount: '20.00' });
    expect((await api.post(`/v1/schedules/${id}/pause`)).body.status).toBe('paused');
    expect(errorOf(await api.post(`/v1/schedules/${id}/pause`))).toEqual({ status: 422, code: 'invalid_state_transition' });
    expect((await api.post(`/v1/schedules/${id}/resume`)).body.status).toBe('active');
    expect((await api.post(`/v1/schedules/${id}/cancel`)).body).toMatchObject({
      status: 'cancelled',
      cancel_cause: 'merchant',
      upcoming: [],
    });

    expect(errorOf(await api.post('/v1/schedules', { mandate_id: mandateId, amount: '60.00', interval_unit: 'month' }))).toEqual({
      status: 422,
      code: 'amount_exceeds_mandate_limit',
      param: 'amount',
    });
    const overInstalment = await api.post('/v1/schedules', {
      mandate_id: mandateId,
      instalments: [
        { charge_date: '2099-01-01', amount: '10.00' },
        { charge_date: '2099-02-01', amount: '50.01' },
      ],
    });
    expect(errorOf(overInstalment)).toEqual({ status: 422, code: 'amount_exceeds_mandate_limit', param: 'instalments[1].amount' });
    expect(errorOf(await api.post('/v1/schedules', { mandate_id: mandateId, amount: 10, interval_unit: 'month' }))).toMatchObject({
      status: 400,
      code: 'validation_error',
    });
    expect(errorOf(await api.get('/v1/schedules/SC_NOT_THERE'))).toEqual({ status: 404, code: 'not_found' });
    expect(errorOf(await api.get('/v1/schedules?status=sleeping'))).toMatchObject({ status: 400, code: 'validation_error' });
  });

  it('advanced a year, a monthly schedule makes exactly 12 payments that settle, with 12 payment.settled events', async () => {
    const api = await merchantApi();
    const mandateId = await activeMandate(api, { frequency: 'monthly' });
    let now = new Date((await api.get<{ now: string }>('/v1/sandbox/clock')).body.now);
    const firstOfNext = (d: Date) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 2, 1);
    const start = new Date(firstOfNext(now)).toISOString().slice(0, 10);
    const created = await api.post('/v1/schedules', { mandate_id: mandateId, amount: '12.00', interval_unit: 'month', start_date: start });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    for (let month = 1; month <= 12; month++) {
      // To the 2nd of next month, 01:00: the cycle falls due and the scheduler collects it.
      now = await advance(api, Math.ceil((firstOfNext(now) - now.getTime()) / 1000));
      const made = await waitFor(
        async () => {
          const found = await paymentsOf(api, id);
          return found.length === month && found[0]!.clearing_status === 'clearing' ? found : undefined;
        },
        { what: `payment ${month} taken by the bank` },
      );
      expect(made[0]!.schedule_id).toBe(id);
      // A day later (on the clock) the bank settles it by itself.
      now = await advance(api, DAY);
      await waitFor(async () => ((await paymentsOf(api, id))[0]!.status === 'settled' ? true : undefined), {
        what: `payment ${month} settled`,
      });
    }
    const payments = await paymentsOf(api, id);
    expect(payments).toHaveLength(12);
    expect(payments.every((p) => p.status === 'settled')).toBe(true);
    const ids = new Set(payments.map((p) => p.id));
    const settledEvents = await waitFor(
      async () => {
        const res = await api.get<{ results: { data: { id: string } }[] }>('/v1/webhook-events?event_type=payment.settled&page_size=200');
        const ours = res.body.results.filter((e) => ids.has(e.data.id));
        return ours.length >= 12 ? ours : undefined;
      },
      { what: '12 payment.settled events' },
    );
    expect(settledEvents).toHaveLength(12);
    expect(new Set(settledEvents.map((e) => e.data.id)).size).toBe(12);
    const schedule = await api.get(`/v1/schedules/${id}`);
    expect(schedule.body).toMatchObject({ status: 'active', payments_created: 12 });
  }, 240_000);
});
