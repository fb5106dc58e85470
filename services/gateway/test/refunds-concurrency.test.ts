import { refund as pb } from '@vrp/contracts';
import { createServiceClient } from '@vrp/grpc';
import { waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from './support/api.js';
import { errorOf, mandateBody, sandboxCustomer } from './support/fixtures.js';
import { startPlatform, type Platform } from './support/platform.js';

type Json = Record<string, unknown>;

let platform: Platform;
let api: Api;
beforeAll(async () => {
  // Deadlines for a busy machine: the burst queues on one payment row, and a deadline passing
  // mid-burst would exercise compensation rather than the invariant under test.
  platform = await startPlatform({ overrides: { GRPC_TIMEOUT: '20s', REFUND_CALL_TIMEOUT: '20s', PAYMENT_CALL_TIMEOUT: '20s' } });
  api = platform.api((await platform.createMerchant({ payoutCurrency: 'GBP' })).token);
});
afterAll(async () => platform?.stop());

/** A settled payment of `amount` under a fresh active adhoc mandate. */
async function settledPayment(amount: string): Promise<string> {
  const mandate = await api.post('/v1/mandates', mandateBody(await sandboxCustomer(api), { maximum_amount: amount, frequency: 'adhoc' }));
  await api.post(`/v1/sandbox/mandates/${mandate.body.id}/activate`);
  const id = (await api.post('/v1/payments', { mandate_id: mandate.body.id, amount, currency: 'GBP' })).body.id as string;
  await api.post(`/v1/sandbox/payments/${id}/settle`);
  await waitFor(async () => (await api.get(`/v1/payments/${id}`)).body.status === 'settled', { what: 'payment settled' });
  return id;
}

describe('refunds under pressure', () => {
  it('50 concurrent partial refunds never refund more than the payment', async () => {
    const paymentId = await settledPayment('100.00');
    const answers = await Promise.all(Array.from({ length: 50 }, () => api.post(`/v1/payments/${paymentId}/refunds`, { amount: '3.00' })));
    const created = answers.filter((a) => a.status === 201).map((a) => a.body);
    const refused = answers.filter((a) => a.status !== 201).map(errorOf);
    expect(created).toHaveLength(33);
    expect(refused).toEqual(Array(17).fill({ status: 422, code: 'refund_exceeds_payment', param: 'amount' }));
    const sumMinor = created.reduce((total, r) => total + BigInt((r.amount as string).replace('.', '')), 0n);
    expect(sumMinor).toBe(9_900n);

    const payment = await api.get(`/v1/payments/${paymentId}?expand=refunds`);
    expect(payment.body).toMatchObject({ status: 'settled', amount_refunded: '99.00' });
    const embedded = payment.body.refunds as Json[];
    expect(embedded.map((r) => r.id).sort()).toEqual(created.map((r) => r.id).sort());
    // Embedded exactly as GET /v1/refunds/{id} returns each.
    const one = embedded[0]!;
    expect(JSON.stringify(one)).toBe((await api.get(`/v1/refunds/${one.id}`)).text);
  });

  it('a refund the bank rejects gives its amount back to the payment', async () => {
    const paymentId = await settledPayment('30.00');
    const created = await api.post(`/v1/payments/${paymentId}/refunds`, {});
    expect(created.status).toBe(201);
    expect((await api.get(`/v1/payments/${paymentId}`)).body).toMatchObject({ status: 'refunded', amount_refunded: '30.00' });

    // The bank's callback, as the bank sends it.
    const bankSide = createServiceClient(pb.RefundService, { baseUrl: platform.services.refund!.gatewayEnv.REFUND_SERVICE_URL! });
    try {
      await bankSide.reportRefundOutcome({ refundId: created.body.id as string, outcome: pb.RefundOutcome.FAILED });
    } finally {
      bankSide.close();
    }
    const failed = await api.get(`/v1/refunds/${created.body.id}`);
    expect(failed.body).toMatchObject({ status: 'failed', settled_at: null });
    expect((failed.body.timeline as Json[]).map((e) => e.status)).toEqual(['pending_settlement', 'failed']);
    expect((await api.get(`/v1/payments/${paymentId}`)).body).toMatchObject({ status: 'settled', amount_refunded: '0.00' });

    const again = await api.post(`/v1/payments/${paymentId}/refunds`, { amount: '30.00' });
    expect(again.status).toBe(201);
    expect(errorOf(await api.post(`/v1/sandbox/refunds/${created.body.id}/settle`))).toEqual({
      status: 422,
      code: 'invalid_state_transition',
    });
  });

  it('a refund the model bank rejects: failed, its amount refundable again, and the stream says so', async () => {
    const paymentId = await settledPayment('40.00');
    const created = await api.post(`/v1/payments/${paymentId}/refunds`, { amount: '15.00' });
    expect(created.status).toBe(201);
    // Through the sandbox simulator, which has the connector tell the model bank to reject it; the connector reports it back.
    const rejected = await api.post(`/v1/sandbox/refunds/${created.body.id}/fail`);
    expect(rejected.status).toBe(202);
    const failed = await waitFor(
      async () => {
        const res = await api.get(`/v1/refunds/${created.body.id}`);
        return res.body.status === 'failed' ? res.body : undefined;
      },
      { what: 'the refund failed by the bank' },
    );
    expect((failed.timeline as Json[]).map((e) => e.status)).toEqual(['pending_settlement', 'failed']);
    await waitFor(async () => (await api.get(`/v1/payments/${paymentId}`)).body.amount_refunded === '0.00', {
      what: 'the amount given back',
    });
    expect(errorOf(await api.post(`/v1/sandbox/refunds/${created.body.id}/settle`))).toEqual({
      status: 422,
      code: 'invalid_state_transition',
    });
    // Announced as refund.created, payment.refunded (15.00), then payment.settled (0.00) once given back,
    // and the refund's end as refund.failed.
    const events = await waitFor(
      async () => {
        const mine = (await platform.stream.events()).filter((e) => [paymentId, created.body.id].includes(e.resource.value?.id as string));
        const given = mine.filter((e) => e.eventType === 'payment.settled').length === 2;
        return given && mine.some((e) => e.eventType === 'refund.failed') ? mine : undefined;
      },
      { what: 'the release on the stream' },
    );
    const payments = events
      .filter((e) => e.resource.case === 'payment')
      .map((e) => [e.eventType, (e.resource.value as { amountRefundedMinor: bigint }).amountRefundedMinor]);
    expect(payments).toEqual([
      ['payment.submitted', 0n],
      ['payment.settled', 0n],
      ['payment.refunded', 1500n],
      ['payment.settled', 0n],
    ]);
    expect(events.filter((e) => e.resource.case === 'refund').map((e) => e.eventType)).toEqual(['refund.created', 'refund.failed']);
    // And the whole amount can be refunded again, settling at the model bank.
    const again = await api.post(`/v1/payments/${paymentId}/refunds`, {});
    expect(again.body).toMatchObject({ amount: '40.00' });
    // Straight after the create, before the refund's hand-over to the bank may have finished.
    expect((await api.post(`/v1/sandbox/refunds/${again.body.id}/settle`)).status).toBe(202);
    await waitFor(async () => (await api.get(`/v1/refunds/${again.body.id}`)).body.status === 'settled', {
      what: 'the second refund settled',
    });
    expect(errorOf(await api.post(`/v1/sandbox/refunds/${again.body.id}/fail`))).toEqual({ status: 422, code: 'invalid_state_transition' });
  });
});
