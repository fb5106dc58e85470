import { mandate, payment } from '@vrp/contracts';
import { ApiError } from '@vrp/errors';
import { newId } from '@vrp/ids';
import { waitFor } from '@vrp/testing';
import type { Stack } from './stack.js';

export const { PaymentStatus: PS, ClearingStatus: CS } = payment;
const F = mandate.Frequency;

/** A merchant id of its own for one test. */
export const newMerchant = () => newId('merchant');

/** An active mandate (GBP unless `terms.currency` says) with maximum 100.00, seeded through the mandate service's own RPCs. */
export async function seedMandate(
  stack: Stack,
  merchantId: string,
  terms: {
    frequency?: mandate.Frequency;
    maximumAmountMinor?: bigint;
    activate?: boolean;
    controls?: mandate.Controls;
    currency?: string;
  } = {},
): Promise<mandate.Mandate> {
  const currency = terms.currency ?? 'GBP';
  const { customer } = await stack.mandates.createCustomer({ merchantId, scaCompleted: true });
  const { mandate: m } = await stack.mandates.createMandate({
    merchantId,
    merchantPayoutCurrency: currency,
    customerId: customer!.id,
    maximumAmountMinor: terms.maximumAmountMinor ?? 10_000n,
    currency,
    frequency: terms.frequency ?? F.ADHOC,
    description: 'test',
    ...(terms.controls ? { controls: terms.controls } : {}),
  });
  if (terms.activate === false) return m!;
  return (await stack.mandates.activateMandate({ merchantId, id: m!.id })).mandate!;
}

/** A settled payment of `amountMinor` (GBP unless `currency` says) under a mandate of its own, for a merchant of its own. */
export async function settledPayment(
  stack: Stack,
  amountMinor: bigint,
  currency = 'GBP',
): Promise<{ merchantId: string; paymentId: string }> {
  const merchantId = newMerchant();
  const m = await seedMandate(stack, merchantId, { maximumAmountMinor: amountMinor, currency });
  const p = await pay(stack, merchantId, m.id, amountMinor, currency);
  await settleAtBank(stack, merchantId, p.id);
  return { merchantId, paymentId: p.id };
}

/** Creates a payment of `amountMinor` (default 25.00, GBP unless `currency` says). */
export async function pay(
  stack: Stack,
  merchantId: string,
  mandateId: string,
  amountMinor = 2_500n,
  currency = 'GBP',
): Promise<payment.Payment> {
  const { payment: p } = await stack.payments.createPayment({ merchantId, mandateId, amountMinor, currency });
  return p!;
}

/** The API error code a promise rejects with, or 'ok'. */
export async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (err) {
    if (err instanceof ApiError) return err.code;
    throw err;
  }
}

/** A clock the test moves by hand. */
export class ManualClock {
  constructor(private current: Date) {}
  now(): Date {
    return new Date(this.current);
  }
  set(at: Date): void {
    this.current = new Date(at);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/** Waits until the payment reaches `status` (bank callbacks are asynchronous). */
export async function waitForStatus(stack: Stack, merchantId: string, id: string, status: payment.PaymentStatus): Promise<payment.Payment> {
  return waitFor(
    async () => {
      const p = (await stack.payments.getPayment({ merchantId, id })).payment!;
      return p.status === status ? p : undefined;
    },
    { what: `payment ${id} to be ${payment.PaymentStatus[status]}` },
  );
}

/** Makes the bank fail the payment's current attempt and waits for the payment to be failed. */
export async function failAtBank(
  stack: Stack,
  merchantId: string,
  id: string,
  failureCode = 'insufficient_funds',
): Promise<payment.Payment> {
  await waitForBankToKnow(stack, merchantId, id);
  await stack.bank!.decide(id, failureCode);
  return waitForStatus(stack, merchantId, id, PS.FAILED);
}

/** Makes the bank settle the payment's current attempt and waits for the payment to be settled. */
export async function settleAtBank(stack: Stack, merchantId: string, id: string): Promise<payment.Payment> {
  await waitForBankToKnow(stack, merchantId, id);
  await stack.bank!.decide(id);
  return waitForStatus(stack, merchantId, id, PS.SETTLED);
}

/** The bank has the current attempt once it reported clearing for it. */
async function waitForBankToKnow(stack: Stack, merchantId: string, id: string): Promise<void> {
  await waitFor(async () => (await stack.payments.getPayment({ merchantId, id })).payment!.clearingStatus === CS.CLEARING, {
    what: `bank to acknowledge ${id}`,
  });
}
