import pg from 'pg';
import { waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from './support/api.js';
import { errorOf, mandateBody, sandboxCustomer } from './support/fixtures.js';
import { startPlatform, type Platform } from './support/platform.js';

// Controls as Open Banking has them, end to end: a calendar-aligned cap is pro-rated in its first
// period by the platform and by the model bank alike (the consent carries it Calendar-aligned).
let platform: Platform;
let api: Api;
let sql: pg.Client;
beforeAll(async () => {
  platform = await startPlatform({ overrides: { RATE_LIMIT_RPS: '1000', RATE_LIMIT_BURST: '1000' } });
  api = platform.api((await platform.createMerchant({ payoutCurrency: 'GBP' })).token);
  sql = new pg.Client({ connectionString: platform.db.url });
  await sql.connect();
});
afterAll(async () => {
  await sql?.end();
  await platform?.stop();
});

const DAY_MS = 86_400_000;

describe('a calendar-aligned limit in its first period', () => {
  it('is pro-rated to the days remaining, in usage, in the platform’s refusal and at the bank', async () => {
    const now = new Date((await api.get('/v1/sandbox/clock')).body.now as string);
    const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
    const days = (Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - monthStart) / DAY_MS;
    const remaining = days - now.getUTCDate() + 1;
    const capMinor = Math.floor((300_00 * remaining) / days);
    const major = (minor: number) => (minor / 100).toFixed(2);

    const mandate = await api.post(
      '/v1/mandates',
      mandateBody(await sandboxCustomer(api), {
        maximum_amount: '300.00',
        frequency: 'adhoc',
        controls: { periodic_limits: [{ period: 'month', alignment: 'calendar', max_amount: '300.00' }] },
      }),
    );
    expect(mandate.status).toBe(201);
    const id = mandate.body.id as string;
    await api.post(`/v1/sandbox/mandates/${id}/activate`);
    const read = await api.get(`/v1/mandates/${id}`);
    expect(read.body.usage).toEqual([
      expect.objectContaining({ period: 'month', alignment: 'calendar', max_amount: major(capMinor), amount_remaining: major(capMinor) }),
    ]);

    // The consent at the bank carries the limit as it is: Calendar-aligned, 300.00.
    const [consent] = (
      await sql.query<{ limits: unknown }>(
        `SELECT request->'Data'->'ControlParameters'->'PeriodicLimits' AS limits FROM connector.consents WHERE mandate_id = $1`,
        [id],
      )
    ).rows;
    expect(consent!.limits).toEqual([{ PeriodType: 'Month', PeriodAlignment: 'Calendar', Amount: '300.00', Currency: 'GBP' }]);

    // One more minor unit than the first period allows is refused by the platform, naming the pro-rated cap.
    const over = await api.post('/v1/payments', { mandate_id: id, amount: major(capMinor + 1), currency: 'GBP' });
    expect(errorOf(over)).toMatchObject({ status: 422, code: 'periodic_limit_exceeded' });
    expect((over.body.error as { details: { message: string }[] }).details[0]!.message).toContain(`${major(capMinor)} GBP`);

    // Exactly the cap: the platform takes it, and so does the bank (it settles).
    const paid = await api.post('/v1/payments', { mandate_id: id, amount: major(capMinor), currency: 'GBP' });
    expect(paid.status).toBe(201);
    await api.post(`/v1/sandbox/payments/${paid.body.id as string}/settle`);
    await waitFor(async () => (await api.get(`/v1/payments/${paid.body.id as string}`)).body.status === 'settled', { what: 'settled' });
    expect(((await api.get(`/v1/mandates/${id}`)).body.usage as unknown[])[0]).toMatchObject({
      amount_used: major(capMinor),
      amount_remaining: '0.00',
    });
  });

  it('shows the first period from the consent’s start, as Open Banking’s Example 1 (300.00 a month from 06-Jun: 250.00 until 30-Jun)', async () => {
    // A merchant of its own: its clock moves months ahead, the other tests' does not.
    const api = platform.api((await platform.createMerchant({ payoutCurrency: 'GBP' })).token);
    const now = new Date((await api.get('/v1/sandbox/clock')).body.now as string);
    const june = now.getUTCMonth() < 5 ? now.getUTCFullYear() : now.getUTCFullYear() + 1;
    const validFrom = new Date(Date.UTC(june, 5, 6, 9, 30));
    const mandate = await api.post(
      '/v1/mandates',
      mandateBody(await sandboxCustomer(api), {
        maximum_amount: '300.00',
        frequency: 'adhoc',
        controls: {
          valid_from: validFrom.toISOString(),
          periodic_limits: [{ period: 'month', alignment: 'calendar', max_amount: '300.00' }],
        },
      }),
    );
    expect(mandate.status).toBe(201);
    const id = mandate.body.id as string;
    await api.post(`/v1/sandbox/mandates/${id}/activate`);
    const seconds = Math.ceil((validFrom.getTime() + 3 * DAY_MS - now.getTime()) / 1000);
    expect((await api.post('/v1/sandbox/clock/advance', { seconds })).status).toBe(200);

    const [usage] = (await api.get(`/v1/mandates/${id}`)).body.usage as { period_start: string; period_end: string }[];
    expect(usage).toMatchObject({ max_amount: '250.00', amount_remaining: '250.00' });
    expect(new Date(usage!.period_start).toISOString()).toBe(validFrom.toISOString());
    expect(new Date(usage!.period_end).toISOString()).toBe(new Date(Date.UTC(june, 6, 1)).toISOString());
  });

  it('takes vrp_type (commercial by default) and stages the consent with that VRPType', async () => {
    const plain = await api.post('/v1/mandates', mandateBody(await sandboxCustomer(api), { frequency: 'adhoc' }));
    const sweeping = await api.post('/v1/mandates', mandateBody(await sandboxCustomer(api), { frequency: 'adhoc', vrp_type: 'sweeping' }));
    expect([plain.body.vrp_type, sweeping.body.vrp_type]).toEqual(['commercial', 'sweeping']);
    const types = async (id: string) =>
      (
        await sql.query<{ t: unknown }>(
          `SELECT request->'Data'->'ControlParameters'->'VRPType' AS t FROM connector.consents WHERE mandate_id = $1`,
          [id],
        )
      ).rows[0]?.t;
    expect(await waitFor(() => types(plain.body.id as string), { what: 'the consent staged' })).toEqual(['UK.OBIE.VRPType.Other']);
    expect(await waitFor(() => types(sweeping.body.id as string), { what: 'the consent staged' })).toEqual(['UK.OBIE.VRPType.Sweeping']);
    expect(errorOf(await api.post('/v1/mandates', mandateBody(await sandboxCustomer(api), { vrp_type: 'gifts' })))).toMatchObject({
      status: 400,
      code: 'validation_error',
      param: 'vrp_type',
    });
  });

  it('a fortnight must be consent-aligned, as Open Banking counts it', async () => {
    const refused = await api.post(
      '/v1/mandates',
      mandateBody(await sandboxCustomer(api), {
        frequency: 'adhoc',
        controls: { periodic_limits: [{ period: 'fortnight', alignment: 'calendar', max_amount: '50.00' }] },
      }),
    );
    expect(errorOf(refused)).toMatchObject({ status: 400, code: 'validation_error', param: 'controls.periodic_limits[0].alignment' });
  });
});
