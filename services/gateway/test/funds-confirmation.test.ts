import { waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from './support/api.js';
import { errorOf, mandateBody, sandboxCustomer } from './support/fixtures.js';
import { startPlatform, type Platform } from './support/platform.js';

// Funds confirmation end to end: the gateway, the mandate service, the bank connector's OB
// funds-confirmation call under the consent's token, and the model bank's answer from the
// customer's balance, which the sandbox sets.
let platform: Platform;
let api: Api;
let other: Api;
beforeAll(async () => {
  platform = await startPlatform({ overrides: { RATE_LIMIT_RPS: '1000', RATE_LIMIT_BURST: '1000' } });
  api = platform.api((await platform.createMerchant({ payoutCurrency: 'GBP' })).token);
  other = platform.api((await platform.createMerchant({ payoutCurrency: 'GBP' })).token);
});
afterAll(() => platform?.stop());

async function activeMandate(): Promise<{ mandateId: string; customerId: string }> {
  const customerId = await sandboxCustomer(api);
  const mandate = await api.post('/v1/mandates', mandateBody(customerId, { maximum_amount: '100.00', frequency: 'adhoc' }));
  expect((await api.post(`/v1/sandbox/mandates/${mandate.body.id}/activate`)).status).toBe(200);
  return { mandateId: mandate.body.id as string, customerId };
}

const confirm = (mandateId: string, amount: unknown) => api.post(`/v1/mandates/${mandateId}/funds-confirmation`, { amount });

describe('funds confirmation', () => {
  it('asks the bank, which answers from the balance the sandbox sets; a payment the balance cannot cover fails insufficient_funds', async () => {
    const { mandateId, customerId } = await activeMandate();
    const plenty = await confirm(mandateId, '100.00');
    expect(plenty.status).toBe(200);
    expect(plenty.body).toEqual({ funds_available: true, checked_at: expect.any(String) });
    expect(Number.isNaN(Date.parse(plenty.body.checked_at as string))).toBe(false);

    const set = await api.post(`/v1/sandbox/customers/${customerId}/balance`, { amount: '5.00' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ id: customerId });
    expect((await confirm(mandateId, '5.01')).body).toMatchObject({ funds_available: false });
    expect((await confirm(mandateId, '5')).body).toMatchObject({ funds_available: true });

    const payment = await api.post('/v1/payments', { mandate_id: mandateId, amount: '10.00', currency: 'GBP' });
    expect(payment.status).toBe(201);
    const failed = await waitFor(
      async () => {
        const now = await api.get(`/v1/payments/${payment.body.id as string}`);
        return now.body.status === 'failed' ? now.body : undefined;
      },
      { what: 'the payment failed by the bank' },
    );
    expect(failed).toMatchObject({
      failure_code: 'insufficient_funds',
      failure: { code: 'insufficient_funds', retryable: true, origin: 'bank', description: expect.any(String) },
    });

    await api.post(`/v1/sandbox/customers/${customerId}/balance`, { amount: '0' });
    expect((await confirm(mandateId, '0.01')).body).toMatchObject({ funds_available: false });
  });

  it('answers only for an active mandate of the merchant, and refuses a malformed amount', async () => {
    const { mandateId, customerId } = await activeMandate();
    const pending = await api.post('/v1/mandates', mandateBody(await sandboxCustomer(api), { frequency: 'adhoc' }));
    expect(errorOf(await confirm(pending.body.id as string, '1.00'))).toMatchObject({ status: 422, code: 'mandate_not_active' });
    expect(errorOf(await confirm(mandateId, 10))).toMatchObject({ status: 400, code: 'validation_error', param: 'amount' });
    expect(errorOf(await confirm(mandateId, '1.001'))).toMatchObject({ status: 400, code: 'validation_error', param: 'amount' });
    expect(errorOf(await other.post(`/v1/mandates/${mandateId}/funds-confirmation`, { amount: '1.00' }))).toMatchObject({
      status: 404,
      code: 'not_found',
    });
    expect(errorOf(await other.post(`/v1/sandbox/customers/${customerId}/balance`, { amount: '1.00' }))).toMatchObject({
      status: 404,
      code: 'not_found',
    });
    expect(errorOf(await api.post(`/v1/sandbox/customers/${customerId}/balance`, { amount: '-1' }))).toMatchObject({
      status: 400,
      code: 'validation_error',
    });
    await api.post(`/v1/mandates/${mandateId}/cancel`);
    expect(errorOf(await confirm(mandateId, '1.00'))).toMatchObject({ status: 422, code: 'mandate_not_active' });
  });
});
