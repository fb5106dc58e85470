// Finance: a payment's remittance reference and end-to-end identification reach the bank in the
// Open Banking remittance fields and come back as list filters; mandates, payments and refunds
// filter by metadata[key]=value (exact, at most three pairs).
import pg from 'pg';
import { waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from './support/api.js';
import { errorOf, mandateBody, sandboxCustomer } from './support/fixtures.js';
import { startPlatform, type Platform } from './support/platform.js';

type Json = Record<string, unknown>;

let platform: Platform;
let api: Api;
let other: Api;
let sql: pg.Client;
beforeAll(async () => {
  platform = await startPlatform();
  api = platform.api((await platform.createMerchant({ payoutCurrency: 'GBP' })).token);
  other = platform.api((await platform.createMerchant({ payoutCurrency: 'GBP' })).token);
  sql = new pg.Client({ connectionString: platform.db.url });
  await sql.connect();
});
afterAll(async () => {
  await sql?.end();
  await platform?.stop();
});

async function activeMandate(metadata: Json = {}, client = api): Promise<string> {
  const created = await client.post('/v1/mandates', mandateBody(await sandboxCustomer(client), { frequency: 'adhoc', metadata }));
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  expect((await client.post(`/v1/sandbox/mandates/${id}/activate`)).status).toBe(200);
  return id;
}

const ids = (res: { body: Json }) => (res.body.results as Json[]).map((r) => r.id);

/** What the model bank holds of a payment's instruction: its remittance reference and end-to-end id. */
async function atBank(paymentId: string): Promise<{ reference: string; endToEndId: string } | undefined> {
  const { rows } = await sql.query<{ reference: string; e2e: string }>(
    `SELECT b.data->'Instruction'->'RemittanceInformation'->'Structured'->0->'CreditorReferenceInformation'->>'Reference' AS reference,
            b.data->'Instruction'->>'EndToEndIdentification' AS e2e
       FROM connector.payments c JOIN model_bank.domestic_vrps b ON b.id = c.bank_payment_id WHERE c.payment_id = $1`,
    [paymentId],
  );
  return rows[0] ? { reference: rows[0].reference, endToEndId: rows[0].e2e } : undefined;
}

describe('payment references', () => {
  it('sends the merchant reference and the end-to-end id to the bank, and filters by both', async () => {
    const mandateId = await activeMandate();
    const res = await api.post('/v1/payments', { mandate_id: mandateId, amount: '9.99', currency: 'GBP', reference: 'INV-2026 0042' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ reference: 'INV-2026 0042', end_to_end_id: res.body.id });
    const id = res.body.id as string;
    expect(await waitFor(() => atBank(id), { what: 'the payment at the bank' })).toEqual({ reference: 'INV-2026 0042', endToEndId: id });
    expect(ids(await api.get('/v1/payments?reference=INV-2026%200042'))).toEqual([id]);
    expect(ids(await api.get(`/v1/payments?end_to_end_id=${id}`))).toEqual([id]);
    expect(ids(await other.get('/v1/payments?reference=INV-2026%200042'))).toEqual([]);
  });

  it('generates a reference when none is given', async () => {
    const mandateId = await activeMandate();
    const res = await api.post('/v1/payments', { mandate_id: mandateId, amount: '1.00', currency: 'GBP' });
    expect(res.status).toBe(201);
    expect(res.body.reference).toMatch(/^PM[0-9A-Z]{16}$/);
    const id = res.body.id as string;
    expect((await waitFor(() => atBank(id)))?.reference).toBe(res.body.reference);
  });

  it.each(['A'.repeat(19), 'INV_42', 'caf\u00e9', ' INV'])('refuses reference %j with 400 validation_error', async (reference) => {
    const mandateId = await activeMandate();
    const res = await api.post('/v1/payments', { mandate_id: mandateId, amount: '1.00', currency: 'GBP', reference });
    expect(errorOf(res)).toEqual({ status: 400, code: 'validation_error', param: 'reference' });
  });

  it('refuses malformed reference filters', async () => {
    expect(errorOf(await api.get('/v1/payments?reference=INV_1'))).toEqual({ status: 400, code: 'validation_error', param: 'reference' });
    expect(errorOf(await api.get(`/v1/payments?reference=${'A'.repeat(19)}`))).toEqual({
      status: 400,
      code: 'validation_error',
      param: 'reference',
    });
  });
});

describe('metadata filters', () => {
  it('filter mandates, payments and refunds by exact metadata pairs', async () => {
    const tag = `t${Date.now()}`;
    const gold = await activeMandate({ tag, plan: 'gold' });
    const basic = await activeMandate({ tag, plan: 'basic' });
    expect(ids(await api.get(`/v1/mandates?metadata[tag]=${tag}&order=created_at`))).toEqual([gold, basic]);
    expect(ids(await api.get(`/v1/mandates?metadata[tag]=${tag}&metadata[plan]=gold`))).toEqual([gold]);
    expect(ids(await api.get(`/v1/mandates?metadata[tag]=${tag}&metadata[plan]=GOLD`))).toEqual([]);

    const paid = await api.post('/v1/payments', { mandate_id: gold, amount: '10.00', currency: 'GBP', metadata: { tag, seats: 3 } });
    await api.post('/v1/payments', { mandate_id: basic, amount: '10.00', currency: 'GBP', metadata: { tag, seats: '4' } });
    const paymentId = paid.body.id as string;
    // A number stored as a number matches its digits.
    expect(ids(await api.get(`/v1/payments?metadata[tag]=${tag}&metadata[seats]=3`))).toEqual([paymentId]);
    expect(ids(await api.get(`/v1/payments?metadata[tag]=${tag}&metadata[seats]=3&status=settled`))).toEqual([]);
    expect(ids(await other.get(`/v1/payments?metadata[tag]=${tag}`))).toEqual([]);

    expect((await api.post(`/v1/sandbox/payments/${paymentId}/settle`)).status).toBe(202);
    await waitFor(async () => ((await api.get(`/v1/payments/${paymentId}`)).body.status === 'settled' ? true : undefined));
    const refund = await api.post(`/v1/payments/${paymentId}/refunds`, { amount: '1.00', metadata: { tag, ticket: 'T-9' } });
    expect(refund.status).toBe(201);
    expect(ids(await api.get(`/v1/refunds?metadata[ticket]=T-9&metadata[tag]=${tag}`))).toEqual([refund.body.id]);
    expect(ids(await api.get(`/v1/refunds?metadata[ticket]=T-8&metadata[tag]=${tag}`))).toEqual([]);
  });

  it('keeps the cursor to its own metadata filter', async () => {
    const tag = `c${Date.now()}`;
    await activeMandate({ tag });
    await activeMandate({ tag });
    const first = await api.get(`/v1/mandates?metadata[tag]=${tag}&page_size=1`);
    expect(first.status).toBe(200);
    const cursor = first.body.next_cursor as string;
    expect(typeof cursor).toBe('string');
    expect((await api.get(`/v1/mandates?metadata[tag]=${tag}&page_size=1&cursor=${cursor}`)).status).toBe(200);
    expect(errorOf(await api.get(`/v1/mandates?metadata[tag]=other&page_size=1&cursor=${cursor}`))).toEqual({
      status: 400,
      code: 'invalid_cursor',
      param: 'cursor',
    });
  });

  it.each(['/v1/mandates', '/v1/payments', '/v1/refunds'])('%s refuses a fourth pair and malformed keys with 400', async (path) => {
    expect(errorOf(await api.get(`${path}?metadata[a]=1&metadata[b]=2&metadata[c]=3&metadata[d]=4`))).toEqual({
      status: 400,
      code: 'validation_error',
      param: 'metadata',
    });
    expect(errorOf(await api.get(`${path}?metadata[]=1`))).toMatchObject({ status: 400, code: 'validation_error' });
    expect(errorOf(await api.get(`${path}?metadata[${'k'.repeat(41)}]=1`))).toMatchObject({ status: 400, code: 'validation_error' });
    expect(errorOf(await api.get(`${path}?metadata[a]=${'v'.repeat(201)}`))).toMatchObject({ status: 400, code: 'validation_error' });
    expect(errorOf(await api.get(`${path}?metadata=1`))).toEqual({ status: 400, code: 'validation_error', param: 'metadata' });
  });
});
