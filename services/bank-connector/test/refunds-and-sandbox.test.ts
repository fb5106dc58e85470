import { Code, ConnectError } from '@connectrpc/connect';
import { payment, refund } from '@vrp/contracts';
import type { ApiError } from '@vrp/errors';
import { waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adhocTerms, advanceClock, authorisedMandate, bankCalls, codeOf, newId, submission } from './support/fixtures.js';
import { startWorld, type World } from './support/world.js';

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world?.close());

const authorised = () => authorisedMandate(world, { terms: adhocTerms() });
const paymentReport = (paymentId: string) =>
  waitFor(async () => world.platform.told.payments.find((r) => r.paymentId === paymentId), { what: `the outcome of ${paymentId}` });
const refundReport = (refundId: string) =>
  waitFor(async () => world.platform.told.refunds.find((r) => r.refundId === refundId), { what: `the outcome of ${refundId}` });

/** A payment the bank settled, with its mandate. */
async function settledPayment() {
  const m = await authorised();
  const s = submission(m, { amountMinor: 2000n });
  await world.client.submitPayments({ submissions: [s] });
  await world.sandbox.decidePayment({ merchantId: m.merchantId, paymentId: s.paymentId });
  expect((await paymentReport(s.paymentId)).outcome).toBe(payment.BankOutcome.SETTLED);
  return { ...m, paymentId: s.paymentId };
}

describe('refunds', () => {
  it('pay the customer back to the account the bank named for refunds, once per refund, and report the outcome', async () => {
    const p = await settledPayment();
    const request = { refundId: newId('RF'), paymentId: p.paymentId, merchantId: p.merchantId, amountMinor: 500n, currency: 'GBP' };
    const posted = await bankCalls(world, 'POST /payouts');
    const raced = await Promise.all(Array.from({ length: 4 }, () => world.client.submitRefund(request)));
    const reference = raced.find((r) => r.bankReference)!.bankReference;
    expect((await world.client.submitRefund(request)).bankReference).toBe(reference);
    // Only the call whose row it is POSTed the payout; its racing twins answered the refund as it stood.
    expect((await bankCalls(world, 'POST /payouts')) - posted).toBe(1);
    const payouts = await world.query<{ id: string; data: { CreditorAccount: unknown; InstructedAmount: unknown } }>(
      `SELECT id, data FROM model_bank.payouts WHERE data->>'InstructionIdentification' = $1`,
      [request.refundId],
    );
    expect(payouts).toHaveLength(1);
    expect(payouts[0]!.id).toBe(reference);
    const [paid] = await world.query<{ refund_account: unknown }>(`SELECT refund_account FROM connector.payments WHERE payment_id = $1`, [
      p.paymentId,
    ]);
    expect(paid!.refund_account).toBeTruthy();
    expect(payouts[0]!.data.CreditorAccount).toEqual(paid!.refund_account);
    expect(payouts[0]!.data.InstructedAmount).toEqual({ Amount: '5.00', Currency: 'GBP' });

    await world.sandbox.decideRefund({ merchantId: p.merchantId, refundId: request.refundId });
    expect(await refundReport(request.refundId)).toMatchObject({ outcome: refund.RefundOutcome.SETTLED });
    expect(await codeOf(world.sandbox.decideRefund({ merchantId: p.merchantId, refundId: request.refundId, reject: true }))).toBe(
      'invalid_state_transition',
    );
  });

  it('report a refund the bank rejects as failed, and refuse one of a payment the bank never made', async () => {
    const p = await settledPayment();
    const rejected = { refundId: newId('RF'), paymentId: p.paymentId, merchantId: p.merchantId, amountMinor: 100n, currency: 'GBP' };
    await world.client.submitRefund(rejected);
    await world.sandbox.decideRefund({ merchantId: p.merchantId, refundId: rejected.refundId, reject: true });
    expect(await refundReport(rejected.refundId)).toMatchObject({ outcome: refund.RefundOutcome.FAILED });
    expect(await codeOf(world.client.submitRefund({ ...rejected, refundId: newId('RF'), paymentId: 'PM-never' }))).toBe('not_found');
  });
});

describe('the sandbox', () => {
  it("pushes a merchant's clock to the model bank for the merchant's creditor account", async () => {
    const m = await authorised();
    const [consent] = await world.query<{ key: string }>(
      `SELECT (initiation->'CreditorAccount'->>'SchemeName') || ':' || (initiation->'CreditorAccount'->>'Identification') AS key
       FROM connector.consents WHERE mandate_id = $1`,
      [m.mandateId],
    );
    await advanceClock(world, m.merchantId, 86_400_000);
    const held = await waitFor(
      async () =>
        (
          await world.query<{ offset_ms: string }>(
            `SELECT offset_ms::text AS offset_ms FROM model_bank.merchant_clocks WHERE merchant_id = $1`,
            [consent!.key],
          )
        )[0],
      { what: "the payee's clock at the bank" },
    );
    expect(Number(held.offset_ms)).toBe(86_400_000);
  });

  it('settles a payment and a refund by itself once the delay passed on the merchant clock, promptly after an advance', async () => {
    const p = await settledPayment();
    const s = submission(p);
    await world.client.submitPayments({ submissions: [s] });
    const r = { refundId: newId('RF'), paymentId: p.paymentId, merchantId: p.merchantId, amountMinor: 100n, currency: 'GBP' };
    await world.client.submitRefund(r);
    await new Promise((resolve) => setTimeout(resolve, 500));
    // SANDBOX_SETTLEMENT_DELAY_MS is an hour here: nothing has settled on the wall clock.
    expect(world.platform.told.payments.find((x) => x.paymentId === s.paymentId)).toBeUndefined();
    await advanceClock(world, p.merchantId, 2 * 3_600_000);
    expect((await paymentReport(s.paymentId)).outcome).toBe(payment.BankOutcome.SETTLED);
    expect((await refundReport(r.refundId)).outcome).toBe(refund.RefundOutcome.SETTLED);
  });

  it('settles after SANDBOX_SETTLEMENT_DELAY_MS, across a restart, unless the payment was decided already', async () => {
    await world.restartConnector({ SANDBOX_SETTLEMENT_DELAY_MS: '1500' });
    const m = await authorised();
    const auto = submission(m);
    const decided = submission(m);
    await world.client.submitPayments({ submissions: [auto, decided] });
    await world.sandbox.decidePayment({ merchantId: m.merchantId, paymentId: decided.paymentId, failureCode: 'account_closed' });
    // The settlement is due in the database: a restart does not lose it.
    await world.restartConnector();
    const started = Date.now();
    expect((await paymentReport(auto.paymentId)).outcome).toBe(payment.BankOutcome.SETTLED);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await paymentReport(decided.paymentId)).toMatchObject({ outcome: payment.BankOutcome.FAILED, failureCode: 'account_closed' });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(world.platform.told.payments.filter((x) => x.paymentId === decided.paymentId)).toHaveLength(1);
  });

  it('is not served outside sandbox', async () => {
    await world.restartConnector({
      VRP_ENV: 'production',
      BANK_BACK_OFFICE_URL: '',
      PUBLIC_BASE_URL: 'https://platform.example',
      CONNECTOR_SECRET_KEYS: `k:${'ab'.repeat(32)}`,
    });
    try {
      // Not served at all: the gRPC status is UNIMPLEMENTED.
      const unserved = await world.sandbox.decidePayment({ merchantId: 'MR1', paymentId: 'PM1' }).catch((err: ApiError) => err);
      expect(ConnectError.from((unserved as ApiError).cause).code).toBe(Code.Unimplemented);
      expect(await codeOf(world.clocks.setSandboxClock({ merchantId: 'MR1', offsetMs: 1000n }))).toBe('not_found');
    } finally {
      await world.restartConnector({
        VRP_ENV: 'sandbox',
        BANK_BACK_OFFICE_URL: `${world.bank.issuer}/back-office`,
        PUBLIC_BASE_URL: world.relay.url,
        CONNECTOR_SECRET_KEYS: '',
      });
    }
  });
});
