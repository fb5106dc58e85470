import { openapiDocument } from '@vrp/public-api';
import { waitFor } from '@vrp/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from './support/api.js';
import { mandateBody, sandboxCustomer } from './support/fixtures.js';
import { startPlatform, type Platform } from './support/platform.js';
import { schemaProblems } from './support/schema.js';

/**
 * GET /v1/reports/payments/daily and /v1/reports/webhook-deliveries/daily through the gateway,
 * the payment and webhook services over gRPC and real Postgres: bearer auth, the range's
 * validation (422 invalid_date_range), money as decimal strings per currency, every day present,
 * and the OpenAPI document's schemas.
 */

type Json = Record<string, unknown>;
let platform: Platform;
let sql: pg.Client;
let api: Api;
let merchantId: string;
const doc = openapiDocument() as Json;

const today = new Date().toISOString().slice(0, 10);
const dayOffset = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

function responseSchema(path: string): Json {
  const op = (doc.paths as Record<string, Record<string, Json>>)[path]!.get!;
  return ((op.responses as Record<string, Json>)['200']!.content as Record<string, { schema: Json }>)['application/json']!.schema;
}

async function seedPayment(
  id: string,
  merchant: string,
  amountMinor: number,
  currency: string,
  status: string,
  createdOn: string,
  settledOn: string | null,
) {
  await sql.query(
    `INSERT INTO payment.payments (id, merchant_id, mandate_id, amount_minor, currency, status, clearing_status, settlement_date, failure_code,
                                   created_at, submitted_at, reference, end_to_end_id)
     VALUES ($1, $2, $1, $3, $4, $5, 'cleared', $6, $7, $8, $8, right($1, 18), $1)`,
    [id, merchant, amountMinor, currency, status, settledOn, status === 'failed' ? 'insufficient_funds' : null, `${createdOn}T12:00:00Z`],
  );
}

beforeAll(async () => {
  platform = await startPlatform();
  sql = new pg.Client({ connectionString: platform.db.url });
  await sql.connect();
  const merchant = await platform.createMerchant({ payoutCurrency: 'GBP' });
  merchantId = merchant.id;
  api = platform.api(merchant.token);
  const other = await platform.createMerchant({ payoutCurrency: 'GBP' });
  // Two days ago: GBP 10.25 and 2.25 settled yesterday, one failed; JPY 1000 settled the same day.
  await seedPayment('PMREPORT0000000000000000001', merchantId, 1025, 'GBP', 'settled', dayOffset(-2), dayOffset(-1));
  await seedPayment('PMREPORT0000000000000000002', merchantId, 225, 'GBP', 'settled', dayOffset(-2), dayOffset(-1));
  await seedPayment('PMREPORT0000000000000000003', merchantId, 500, 'GBP', 'failed', dayOffset(-2), null);
  await seedPayment('PMREPORT0000000000000000004', merchantId, 1000, 'JPY', 'settled', dayOffset(-2), dayOffset(-2));
  await seedPayment('PMREPORT0000000000000000005', other.id, 99_999, 'GBP', 'settled', dayOffset(-2), dayOffset(-1));
}, 120_000);

afterAll(async () => {
  await sql?.end();
  await platform?.stop();
});

const paymentsPath = (from: string, to: string) => `/v1/reports/payments/daily?from=${from}&to=${to}`;

describe('GET /v1/reports/payments/daily', () => {
  it('answers every day of the range with per-currency figures, amounts as decimal strings', async () => {
    const res = await api.get(paymentsPath(dayOffset(-3), dayOffset(1)));
    expect(res.status).toBe(200);
    expect(schemaProblems(res.body, responseSchema('/v1/reports/payments/daily'), doc)).toEqual([]);
    expect(res.body).toEqual({
      from: dayOffset(-3),
      to: dayOffset(1),
      days: [
        { date: dayOffset(-3), currencies: [] },
        {
          date: dayOffset(-2),
          currencies: [
            { currency: 'GBP', created: 3, succeeded: 2, failed: 1, collected_count: 0, collected: '0.00' },
            { currency: 'JPY', created: 1, succeeded: 1, failed: 0, collected_count: 1, collected: '1000' },
          ],
        },
        {
          date: dayOffset(-1),
          currencies: [{ currency: 'GBP', created: 0, succeeded: 0, failed: 0, collected_count: 2, collected: '12.50' }],
        },
        { date: today, currencies: [] },
      ],
    });
  });

  it('needs a valid token', async () => {
    const anonymous = await platform.api().get(paymentsPath(dayOffset(-3), dayOffset(1)));
    expect([anonymous.status, (anonymous.body.error as Json).code]).toEqual([401, 'authentication_required']);
    const wrong = await platform.api('vrp_sandbox_notatoken').get(paymentsPath(dayOffset(-3), dayOffset(1)));
    expect([wrong.status, (wrong.body.error as Json).code]).toEqual([401, 'invalid_token']);
  });

  it.each([
    ['a missing from', `/v1/reports/payments/daily?to=${today}`, 'from'],
    ['a date that does not exist', '/v1/reports/payments/daily?from=2026-02-30&to=2026-03-05', 'from'],
    ['a timestamp instead of a date', `/v1/reports/payments/daily?from=${today}&to=${dayOffset(1)}T00:00:00Z`, 'to'],
    ['an empty range', paymentsPath(today, today), 'to'],
    ['a reversed range', paymentsPath(today, dayOffset(-5)), 'to'],
    ['93 days', paymentsPath(dayOffset(-93), today), 'to'],
  ])('refuses %s with 422 invalid_date_range', async (_what, path, param) => {
    const res = await api.get(path);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ type: 'unprocessable_error', code: 'invalid_date_range', param });
  });

  it('takes exactly 92 days, and refuses an unknown parameter with 400 validation_error', async () => {
    const res = await api.get(paymentsPath(dayOffset(-92), today));
    expect(res.status).toBe(200);
    expect((res.body.days as unknown[]).length).toBe(92);
    const unknown = await api.get(`${paymentsPath(dayOffset(-3), today)}&currency=GBP`);
    expect([unknown.status, (unknown.body.error as Json).code, (unknown.body.error as Json).param]).toEqual([
      400,
      'validation_error',
      'currency',
    ]);
  });
});

describe('GET /v1/reports/webhook-deliveries/daily', () => {
  it('counts the events created each day by delivery status', async () => {
    const customer = await sandboxCustomer(api);
    for (let i = 0; i < 2; i++) expect((await api.post('/v1/mandates', mandateBody(customer))).status).toBe(201);
    const path = `/v1/reports/webhook-deliveries/daily?from=${dayOffset(-1)}&to=${dayOffset(1)}`;
    // The merchant has no endpoint: each recorded event is delivered at once (nothing to deliver).
    const body = await waitFor(
      async () => {
        const res = await api.get(path);
        const day = (res.body.days as Json[])[1]!;
        return (day.events as number) >= 2 ? res.body : undefined;
      },
      { what: 'the mandate events in the report', timeoutMs: 30_000 },
    );
    expect(schemaProblems(body, responseSchema('/v1/reports/webhook-deliveries/daily'), doc)).toEqual([]);
    const [yesterday, todays] = body.days as Json[];
    expect(yesterday).toEqual({ date: dayOffset(-1), events: 0, delivered: 0, pending: 0, failed: 0 });
    expect(todays).toMatchObject({ date: today, pending: 0, failed: 0 });
    expect(todays!.delivered).toBe(todays!.events);
    const bad = await api.get(`/v1/reports/webhook-deliveries/daily?from=${today}&to=nope`);
    expect([bad.status, (bad.body.error as Json).code, (bad.body.error as Json).param]).toEqual([422, 'invalid_date_range', 'to']);
  });
});
