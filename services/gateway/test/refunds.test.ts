import { openapiDocument } from '@vrp/public-api';
import { waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from './support/api.js';
import { errorOf, mandateBody, sandboxCustomer } from './support/fixtures.js';
import { startPlatform, type Platform } from './support/platform.js';
import { schemaProblems } from './support/schema.js';

type Json = Record<string, unknown>;
type Doc = Json & {
  paths: Record<string, Record<string, { responses: Record<string, { content: { 'application/json': { schema: Json } } }> }>>;
};
const doc = openapiDocument() as Doc;
/** The documented JSON schema of `status` for `method path`. */
const documented = (method: string, path: string, status: number) =>
  doc.paths[path]![method]!.responses[String(status)]!.content['application/json'].schema;

let platform: Platform;
let api: Api;
let merchantId: string;
beforeAll(async () => {
  platform = await startPlatform();
  const merchant = await platform.createMerchant({ payoutCurrency: 'GBP' });
  merchantId = merchant.id;
  api = platform.api(merchant.token);
});
afterAll(async () => platform?.stop());

/** A payment of `amount` under a fresh active adhoc mandate, left `submitted`, settled or failed by the sandbox bank. */
async function payment(amount: string, outcome: 'settled' | 'failed' | 'submitted' = 'settled', client = api): Promise<Json> {
  const mandate = await client.post(
    '/v1/mandates',
    mandateBody(await sandboxCustomer(client), { maximum_amount: amount, frequency: 'adhoc' }),
  );
  await client.post(`/v1/sandbox/mandates/${mandate.body.id}/activate`);
  const created = await client.post('/v1/payments', { mandate_id: mandate.body.id, amount, currency: 'GBP' });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  if (outcome === 'submitted') return created.body;
  const forced =
    outcome === 'settled'
      ? await client.post(`/v1/sandbox/payments/${id}/settle`)
      : await client.post(`/v1/sandbox/payments/${id}/fail`, { failure_code: 'insufficient_funds' });
  expect(forced.status, forced.text).toBeLessThan(300);
  return waitFor(
    async () => {
      const res = await client.get(`/v1/payments/${id}`);
      return res.body.status === outcome ? res.body : undefined;
    },
    { what: `payment ${outcome}` },
  );
}

const refund = (paymentId: string, body?: Json, headers?: Record<string, string>) =>
  api.post(`/v1/payments/${paymentId}/refunds`, body, headers);

describe('refunds through the API', () => {
  it('refunds part, then the rest; the payment ends refunded and events arrive in order', async () => {
    const paid = await payment('100.00');
    const first = await refund(paid.id as string, { amount: '25', reason: 'damaged', metadata: { ticket: 'T-1' } });
    expect(first.status).toBe(201);
    expect(Object.keys(first.body).sort()).toEqual([
      'amount',
      'created_at',
      'currency',
      'expected_settlement_date',
      'id',
      'metadata',
      'payment_id',
      'reason',
      'settled_at',
      'status',
      'timeline',
    ]);
    expect(first.body).toMatchObject({
      payment_id: paid.id,
      amount: '25.00',
      currency: 'GBP',
      status: 'pending_settlement',
      reason: 'damaged',
      metadata: { ticket: 'T-1' },
      settled_at: null,
    });
    expect(first.body.timeline).toEqual([{ status: 'pending_settlement', at: first.body.created_at }]);

    const rest = await refund(paid.id as string);
    expect(rest.status).toBe(201);
    expect(rest.body).toMatchObject({ amount: '75.00', reason: null, metadata: {} });
    const after = await api.get(`/v1/payments/${paid.id}`);
    expect(after.body).toMatchObject({ status: 'refunded', amount_refunded: '100.00' });

    for (const r of [first.body, rest.body]) {
      const settle = await api.post(`/v1/sandbox/refunds/${r.id}/settle`);
      expect(settle.status).toBe(202);
      expect(settle.body.id).toBe(r.id);
    }
    for (const r of [first.body, rest.body]) {
      const settled = await waitFor(
        async () => {
          const res = await api.get(`/v1/refunds/${r.id}`);
          return res.body.status === 'settled' ? res.body : undefined;
        },
        { what: 'refund settled' },
      );
      expect(typeof settled.settled_at).toBe('string');
      expect((settled.timeline as Json[]).map((e) => e.status)).toEqual(['pending_settlement', 'settled']);
    }

    const events = await waitFor(
      async () => {
        const all = (await platform.stream.events()).filter((e) => e.merchantId === merchantId);
        return all.filter((e) => e.eventType === 'refund.settled').length === 2 ? all : undefined;
      },
      { what: 'refund events' },
    );
    const of = (id: unknown) => events.filter((e) => e.resource.value?.id === id).map((e) => e.eventType);
    expect(of(first.body.id)).toEqual(['refund.created', 'refund.settled']);
    expect(of(rest.body.id)).toEqual(['refund.created', 'refund.settled']);
    expect(of(paid.id).filter((t) => t === 'payment.refunded')).toHaveLength(2);
  });

  it('a refund that cannot be recorded is refused and announces nothing (no phantom payment events)', async () => {
    const paid = await payment('20.00');
    const refused = await refund(paid.id as string, { amount: '2.00', reason: 'a\u0000b' });
    expect(errorOf(refused)).toMatchObject({ status: 400, code: 'validation_error', param: 'reason' });
    expect((await api.get(`/v1/payments/${paid.id}`)).body).toMatchObject({ status: 'settled', amount_refunded: '0.00' });
    // A real refund afterwards marks the end of what this payment put on the stream.
    const real = await refund(paid.id as string, { amount: '3.00' });
    expect(real.status).toBe(201);
    const events = await waitFor(
      async () => {
        const mine = (await platform.stream.events()).filter((e) => e.resource.value?.id === paid.id);
        return mine.some((e) => e.eventType === 'payment.refunded') ? mine : undefined;
      },
      { what: "the real refund's payment.refunded" },
    );
    expect(events.map((e) => e.eventType)).toEqual(['payment.submitted', 'payment.settled', 'payment.refunded']);
    expect(events.map((e) => (e.resource.value as { amountRefundedMinor: bigint }).amountRefundedMinor)).toEqual([0n, 0n, 300n]);
  });

  it('expands the payment exactly as its own endpoint returns it, and lists refunds with every list rule', async () => {
    const paid = await payment('40.00');
    const r1 = (await refund(paid.id as string, { amount: '10.00' })).body;
    const r2 = (await refund(paid.id as string, { amount: '5.00' })).body;
    const own = await api.get(`/v1/payments/${paid.id}`);
    const expanded = await api.get(`/v1/refunds/${r1.id}?expand=payment`);
    expect(expanded.status).toBe(200);
    const { payment: embedded, ...plain } = expanded.body;
    expect(plain).toEqual((await api.get(`/v1/refunds/${r1.id}`)).body);
    expect(JSON.stringify(embedded)).toBe(own.text);
    expect(errorOf(await api.get(`/v1/refunds/${r1.id}?expand=mandate`))).toEqual({ status: 400, code: 'invalid_expand', param: 'expand' });

    const byPayment = await api.get(`/v1/refunds?payment_id=${paid.id}&order=amount_minor`);
    expect((byPayment.body.results as Json[]).map((r) => r.id)).toEqual([r2.id, r1.id]);
    const page = await api.get(`/v1/refunds?payment_id=${paid.id}&page_size=1`);
    expect(page.body).toMatchObject({ page_size: 1, previous_cursor: null });
    expect((page.body.results as Json[])[0]).toEqual(r2);
    const next = await api.get(`/v1/refunds?payment_id=${paid.id}&page_size=1&cursor=${page.body.next_cursor}`);
    expect((next.body.results as Json[])[0]).toEqual(r1);
    expect(next.body.next_cursor).toBeNull();
    const filtered = await api.get(
      `/v1/refunds?payment_id=${paid.id}&status=PENDING_SETTLEMENT&amount[gte]=600&created_at[gte]=${encodeURIComponent(r1.created_at as string)}`,
    );
    expect((filtered.body.results as Json[]).map((r) => r.id)).toEqual([r1.id]);

    expect(errorOf(await api.get(`/v1/refunds?payment_id=${paid.id}&cursor=${page.body.next_cursor}&status=settled`))).toMatchObject({
      status: 400,
      code: 'invalid_cursor',
    });
    expect(errorOf(await api.get('/v1/refunds?status=refunded'))).toEqual({ status: 400, code: 'validation_error', param: 'status' });
    expect(errorOf(await api.get('/v1/refunds?page_size=201'))).toMatchObject({ status: 400, code: 'page_size_too_large' });
    expect(errorOf(await api.get('/v1/refunds?order=amount'))).toMatchObject({ status: 400, code: 'invalid_order' });
    expect(errorOf(await api.get('/v1/refunds?mandate_id=x'))).toEqual({ status: 400, code: 'validation_error', param: 'mandate_id' });
    expect(errorOf(await api.get('/v1/refunds?merchant_id=MR0'))).toMatchObject({ status: 403, code: 'merchant_mismatch' });
  });

  it('answers every refusal with its exact code', async () => {
    const submitted = await payment('20.00', 'submitted');
    const failed = await payment('20.00', 'failed');
    const paid = await payment('20.00');
    expect(errorOf(await refund(submitted.id as string))).toEqual({ status: 422, code: 'payment_not_settled' });
    expect(errorOf(await refund(failed.id as string, { amount: '5.00' }))).toEqual({ status: 422, code: 'payment_not_settled' });
    expect(errorOf(await refund(paid.id as string, { amount: '0.99' }))).toMatchObject({ status: 422, code: 'refund_amount_too_small' });
    expect(errorOf(await refund(paid.id as string, { amount: '20.01' }))).toMatchObject({ status: 422, code: 'refund_exceeds_payment' });
    for (const [body, param] of [
      [{ amount: 5 }, 'amount'],
      [{ amount: '0' }, 'amount'],
      [{ amount: '-1.00' }, 'amount'],
      [{ amount: '1.001' }, 'amount'],
      [{ amount: '1e2' }, 'amount'],
      [{ reason: 7 }, 'reason'],
      [{ reason: 'x'.repeat(501) }, 'reason'],
      [{ metadata: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v'])) }, 'metadata'],
      [{ metadata: { nested: { a: 1 } } }, 'metadata[nested]'],
      [{ currency: 'GBP' }, 'currency'],
    ] as const) {
      expect(errorOf(await refund(paid.id as string, body))).toEqual({ status: 400, code: 'validation_error', param });
    }

    // 19.50 leaves 0.50: refunding all of it is fine although it is below 1.00.
    expect((await refund(paid.id as string, { amount: '19.50' })).status).toBe(201);
    const last = await refund(paid.id as string, { amount: '0.50' });
    expect(last.status).toBe(201);
    expect(errorOf(await refund(paid.id as string))).toMatchObject({ status: 422, code: 'refund_exceeds_payment' });

    const other = platform.api((await platform.createMerchant({ payoutCurrency: 'GBP' })).token);
    expect(errorOf(await other.post(`/v1/payments/${paid.id}/refunds`, {}))).toEqual({ status: 404, code: 'not_found' });
    expect(errorOf(await other.get(`/v1/refunds/${last.body.id}`))).toEqual({ status: 404, code: 'not_found' });
    expect(errorOf(await other.get(`/v1/refunds/${last.body.id}?expand=payment`))).toEqual({ status: 404, code: 'not_found' });
    expect(errorOf(await other.post(`/v1/sandbox/refunds/${last.body.id}/settle`))).toEqual({ status: 404, code: 'not_found' });
    expect((await other.get('/v1/refunds')).body.results).toEqual([]);
    expect(errorOf(await refund('PM00000000000000000000000000'))).toEqual({ status: 404, code: 'not_found' });
    expect(errorOf(await api.get('/v1/refunds/RF00000000000000000000000000'))).toEqual({ status: 404, code: 'not_found' });
  });

  it('replays a refund for a repeated Idempotency-Key instead of refunding twice', async () => {
    const paid = await payment('30.00');
    const headers = { 'idempotency-key': `refund-${paid.id}` };
    const [a, b] = await Promise.all([
      refund(paid.id as string, { amount: '10.00' }, headers),
      refund(paid.id as string, { amount: '10.00' }, headers),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.id).toBe(b.body.id);
    expect((await api.get(`/v1/payments/${paid.id}`)).body.amount_refunded).toBe('10.00');
  });

  it('answers exactly as the OpenAPI document describes', async () => {
    const paid = await payment('12.00');
    const created = await refund(paid.id as string, { amount: '2.00', metadata: { n: 1 } });
    const id = created.body.id as string;
    const checks = [
      [created, 'post', '/v1/payments/{payment_id}/refunds', 201],
      [await api.get(`/v1/refunds/${id}`), 'get', '/v1/refunds/{id}', 200],
      [await api.get(`/v1/refunds/${id}?expand=payment`), 'get', '/v1/refunds/{id}', 200],
      [await api.get(`/v1/refunds?payment_id=${paid.id}`), 'get', '/v1/refunds', 200],
      [await api.post(`/v1/sandbox/refunds/${id}/settle`), 'post', '/v1/sandbox/refunds/{id}/settle', 202],
      [await refund(paid.id as string, { amount: '0.10' }), 'post', '/v1/payments/{payment_id}/refunds', 422],
      [await api.get(`/v1/refunds/${id}?expand=x`), 'get', '/v1/refunds/{id}', 400],
    ] as const;
    for (const [res, method, path, status] of checks) {
      expect(res.status, `${method} ${path}`).toBe(status);
      expect(schemaProblems(res.body, documented(method, path, status), doc), `${method} ${path} ${status}`).toEqual([]);
    }
  });
});
