// The connector's reports reaching the real mandate and payment services (not stand-ins): a
// payment settled or failed at the bank, a consent revoked or its account changed.
import { mandate } from '@vrp/contracts';
import { waitFor } from '@vrp/testing';
import { CS, newMerchant, pay, PS, seedMandate, startStack, waitForStatus, type Stack } from '@vrp/payment-service/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adhocTerms, stageRequest, submission } from './support/fixtures.js';
import { startWorld, type World } from './support/world.js';

let stack: Stack;
let world: World;
beforeAll(async () => {
  stack = await startStack({ withoutBank: true });
  const mandates = `http://127.0.0.1:${stack.mandateService.port}`;
  const payments = `http://127.0.0.1:${stack.paymentPort}`;
  world = await startWorld({ platformUrls: { payment: payments, mandate: mandates, refund: payments } });
});
afterAll(async () => {
  await world?.close();
  await stack?.close();
});

/** An active mandate of the mandate service whose consent its customer authorised at the model bank. */
async function mandateWithConsent() {
  const merchantId = newMerchant();
  const m = await seedMandate(stack, merchantId, { maximumAmountMinor: 5000n });
  const request = stageRequest({ merchantId, mandateId: m.id, customerId: m.customerId, terms: adhocTerms() });
  const staged = await world.client.stageConsent(request);
  await world.sandbox.approveConsent({ merchantId, mandateId: m.id });
  return { merchantId, mandateId: m.id, consentId: staged.consentId };
}

const mandateOf = (m: { merchantId: string; mandateId: string }) =>
  stack.mandates.getMandate({ merchantId: m.merchantId, id: m.mandateId });

describe('reports reach the platform services', () => {
  it('settles and fails payments in the payment service, with the codes an Open Banking bank gives', async () => {
    const m = await mandateWithConsent();
    const settled = await pay(stack, m.merchantId, m.mandateId, 1500n);
    const day = new Date().toISOString().slice(0, 10);
    await world.client.submitPayments({ submissions: [submission(m, { paymentId: settled.id, amountMinor: 1500n })] });
    await world.sandbox.decidePayment({ merchantId: m.merchantId, paymentId: settled.id });
    const done = await waitForStatus(stack, m.merchantId, settled.id, PS.SETTLED);
    expect(done.clearingStatus).toBe(CS.CLEARED);
    // The bank's business day: today, or tomorrow if UTC midnight passed meanwhile.
    expect([day, new Date().toISOString().slice(0, 10)]).toContain(done.settlementDate);

    const next = await pay(stack, m.merchantId, m.mandateId, 1200n);
    await world.client.submitPayments({ submissions: [submission(m, { paymentId: next.id, amountMinor: 1200n })] });
    await world.sandbox.decidePayment({ merchantId: m.merchantId, paymentId: next.id, failureCode: 'technical_error' });
    expect(await waitForStatus(stack, m.merchantId, next.id, PS.FAILED)).toMatchObject({
      failureCode: 'technical_error',
      failureOrigin: 'bank',
    });
  });

  it('fails a payment the platform could not send as the platform’s failure, never asking the bank', async () => {
    // An active mandate with no consent at the bank: nothing authorises a payment under it.
    const merchantId = newMerchant();
    const m = await seedMandate(stack, merchantId, { maximumAmountMinor: 5000n });
    const unsent = await pay(stack, merchantId, m.id, 1000n);
    await world.client.submitPayments({
      submissions: [submission({ merchantId, mandateId: m.id }, { paymentId: unsent.id, amountMinor: 1000n })],
    });
    expect(await waitForStatus(stack, merchantId, unsent.id, PS.FAILED)).toMatchObject({
      failureCode: 'bank_rejected',
      failureOrigin: 'platform',
    });
    const atBank = await world.query<{ bank_payment_id: string | null; failure_origin: string }>(
      `SELECT bank_payment_id, failure_origin FROM connector.payments WHERE payment_id = $1`,
      [unsent.id],
    );
    expect(atBank).toEqual([{ bank_payment_id: null, failure_origin: 'platform' }]);
  });

  it('revokes a mandate the customer revoked at the bank, and suspends one whose account closed', async () => {
    const revoked = await mandateWithConsent();
    const closed = await mandateWithConsent();
    await world.sandbox.revokeConsent({ merchantId: revoked.merchantId, mandateId: revoked.mandateId });
    await world.backOffice.updateLinkedAccount(closed.consentId, 'account_closed');
    const r = await waitFor(
      async () => {
        const got = (await mandateOf(revoked)).mandate!;
        return got.status === mandate.MandateStatus.REVOKED ? got : undefined;
      },
      { what: 'the mandate revoked' },
    );
    expect(r.revokedBy).toBe(mandate.RevokedBy.CUSTOMER);
    await waitFor(async () => ((await mandateOf(closed)).mandate!.status === mandate.MandateStatus.SUSPENDED ? true : undefined), {
      what: 'the mandate suspended',
    });
  });
});
