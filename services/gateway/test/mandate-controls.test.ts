import { waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from './support/api.js';
import { errorOf, mandateBody, sandboxCustomer } from './support/fixtures.js';
import { startPlatform, type Platform } from './support/platform.js';

/** Mandate controls through the public API: validation, the resource's controls and usage, and the 422s. */
let platform: Platform;
let api: Api;
beforeAll(async () => {
  platform = await startPlatform();
  api = platform.api((await platform.createMerchant()).token);
});
afterAll(() => platform?.stop());

type Json = Record<string, unknown>;
const detailsOf = (res: { body: Json }) => (res.body.error as { details?: { param: string; message: string }[] }).details ?? [];

async function activeMandate(controls: Json): Promise<Json> {
  const created = await api.post('/v1/mandates', mandateBody(await sandboxCustomer(api), { frequency: 'adhoc', controls }));
  expect(created.status, created.text).toBe(201);
  const activated = await api.post(`/v1/sandbox/mandates/${created.body.id as string}/activate`);
  expect(activated.status, activated.text).toBe(200);
  return created.body;
}

async function settled(mandateId: string, amount: string): Promise<string> {
  const res = await api.post('/v1/payments', { mandate_id: mandateId, amount, currency: 'GBP' });
  expect(res.status, res.text).toBe(201);
  const id = res.body.id as string;
  await waitFor(async () => (await api.post(`/v1/sandbox/payments/${id}/settle`)).status === 202, { what: `settling ${id}` });
  await waitFor(async () => (await api.get(`/v1/payments/${id}`)).body.status === 'settled', { what: `${id} settled` });
  return id;
}

describe('mandate controls', () => {
  it('are validated with a param per problem', async () => {
    const customer = await sandboxCustomer(api);
    const create = (controls: unknown) => api.post('/v1/mandates', mandateBody(customer, { controls }));
    const month = { period: 'month', alignment: 'calendar', max_payments: 2 };

    expect(errorOf(await create({ periodic_limits: [{ period: 'month', alignment: 'calendar' }] }))).toEqual({
      status: 400,
      code: 'validation_error',
      param: 'controls.periodic_limits[0]',
    });
    expect(errorOf(await create({ periodic_limits: [month, month] }))).toMatchObject({ status: 400, param: 'controls.periodic_limits[1]' });
    expect(errorOf(await create({ periodic_limits: Array.from({ length: 7 }, () => month) }))).toMatchObject({
      status: 400,
      param: 'controls.periodic_limits',
    });
    expect(errorOf(await create({ periodic_limits: [{ ...month, period: 'quarter' }] }))).toMatchObject({
      status: 400,
      param: 'controls.periodic_limits[0].period',
    });
    expect(errorOf(await create({ periodic_limits: [{ ...month, max_amount: '1.001' }] }))).toMatchObject({
      status: 400,
      param: 'controls.periodic_limits[0].max_amount',
    });
    expect(errorOf(await create({ periodic_limits: [{ ...month, max_payments: 0 }] }))).toMatchObject({
      status: 400,
      param: 'controls.periodic_limits[0].max_payments',
    });
    expect(errorOf(await create({ valid_to: '2020-01-01T00:00:00Z' }))).toMatchObject({ status: 400, param: 'controls.valid_to' });
    expect(errorOf(await create({ valid_from: '2027-02-01T00:00:00Z', valid_to: '2027-01-01T00:00:00Z' }))).toMatchObject({
      status: 400,
      param: 'controls.valid_to',
    });
    expect(errorOf(await create({ valid_from: 'tomorrow' }))).toMatchObject({ status: 400, param: 'controls.valid_from' });
    expect(errorOf(await create({ window: {} }))).toMatchObject({ status: 400, param: 'controls.window' });
  });

  it('are shown with the usage of the current periods, which payments use and refunds do not give back', async () => {
    const m = await activeMandate({
      valid_to: '2099-01-01T00:00:00Z',
      periodic_limits: [
        { period: 'month', alignment: 'calendar', max_payments: 2 },
        { period: 'year', alignment: 'consent', max_amount: '25.00' },
      ],
    });
    expect(m.controls).toEqual({
      valid_from: null,
      valid_to: '2099-01-01T00:00:00.000Z',
      periodic_limits: [
        { period: 'month', alignment: 'calendar', max_amount: null, max_payments: 2 },
        { period: 'year', alignment: 'consent', max_amount: '25.00', max_payments: null },
      ],
    });
    expect(m.usage).toMatchObject([
      { period: 'month', payments_used: 0, payments_remaining: 2, amount_used: '0.00', amount_remaining: null },
      { period: 'year', payments_used: 0, amount_used: '0.00', amount_remaining: '25.00', payments_remaining: null },
    ]);

    const paid = await settled(m.id as string, '10.00');
    const refund = await api.post(`/v1/payments/${paid}/refunds`, { amount: '10.00' });
    expect(refund.status, refund.text).toBe(201);

    const over = await api.post('/v1/payments', { mandate_id: m.id, amount: '15.01', currency: 'GBP' });
    expect(errorOf(over)).toMatchObject({ status: 422, code: 'periodic_limit_exceeded' });
    expect(detailsOf(over)).toEqual([{ param: 'controls.periodic_limits[1]', message: 'at most 25.00 GBP per consent year' }]);

    const got = await api.get(`/v1/mandates/${m.id as string}`);
    const usage = got.body.usage as Json[];
    expect(usage[0]).toMatchObject({ payments_used: 1, payments_remaining: 1 });
    expect(usage[1], 'the refund gave nothing back').toMatchObject({ amount_used: '10.00', amount_remaining: '15.00' });
    expect(new Date(usage[1]!.period_start as string).getTime()).toBe(new Date(m.created_at as string).getTime());

    const listed = await api.get(`/v1/mandates?customer_id=${m.customer_id as string}`);
    expect((listed.body.results as Json[])[0]!.controls).toEqual(m.controls);
  });

  it('refuse payments outside the validity window', async () => {
    const later = await activeMandate({ valid_from: '2098-01-01T00:00:00Z' });
    const early = await api.post('/v1/payments', { mandate_id: later.id, amount: '1.00', currency: 'GBP' });
    expect(errorOf(early)).toMatchObject({ status: 422, code: 'mandate_not_yet_valid', param: 'mandate_id' });

    const soon = await activeMandate({ valid_to: new Date(Date.now() + 1500).toISOString() });
    await waitFor(() => Date.now() > new Date((soon.controls as Json).valid_to as string).getTime(), { what: 'the window to close' });
    const late = await api.post('/v1/payments', { mandate_id: soon.id, amount: '1.00', currency: 'GBP' });
    expect(errorOf(late)).toMatchObject({ status: 422, code: 'mandate_expired', param: 'mandate_id' });
  });
});
