import { randomUUID } from 'node:crypto';
import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { connector } from '@vrp/contracts';
import { ApiError } from '@vrp/errors';
import type { World } from './world.js';

/** Fresh ids, so tests in one file never share merchants, mandates or payments. */
export const newId = (prefix: string) => `${prefix}${randomUUID().replaceAll('-', '').slice(0, 24).toUpperCase()}`;

/**
 * A merchant's own account payments are collected into (a sort code and account number of its
 * own: the model bank keeps a payee's sandbox clock per creditor account).
 */
export const creditorAccount = () => ({
  scheme: 'UK.OBIE.SortCodeAccountNumber',
  identification: `200000${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
  name: 'Acme Gym',
});

/** A StageConsent request for a new mandate: at most 50.00 GBP, monthly, unless `over` says otherwise. */
export function stageRequest(over: Partial<connector.StageConsentRequest> & { merchantId?: string } = {}): connector.StageConsentRequest {
  return create(connector.StageConsentRequestSchema, {
    merchantId: newId('MR'),
    mandateId: newId('MD'),
    mandateRequestId: newId('MQ'),
    customerId: newId('CU'),
    terms: create(connector.ConsentTermsSchema, {
      maximumAmountMinor: 5000n,
      currency: 'GBP',
      frequency: connector.Frequency.MONTHLY,
      vrpType: connector.VrpType.COMMERCIAL,
      description: 'Gym membership',
    }),
    creditorAccount: create(connector.CreditorAccountSchema, creditorAccount()),
    returnUri: 'https://shop.example/after-bank',
    ...over,
  });
}

/**
 * Terms for collecting: at most 50.00 GBP a payment, adhoc (a calendar-aligned limit is pro-rated
 * by the bank in its first period, which would make a month's end refuse most payments).
 */
export function adhocTerms(): connector.ConsentTerms {
  return create(connector.ConsentTermsSchema, {
    maximumAmountMinor: 5000n,
    currency: 'GBP',
    frequency: connector.Frequency.ADHOC,
    vrpType: connector.VrpType.COMMERCIAL,
  });
}

/** A mandate whose consent the customer authorised at the model bank. */
export async function authorisedMandate(
  world: World,
  over: Partial<connector.StageConsentRequest> = {},
): Promise<{ merchantId: string; mandateId: string; customerId: string; consentId: string }> {
  const request = stageRequest(over);
  const staged = await world.client.stageConsent(request);
  const approved = await world.sandbox.approveConsent({ merchantId: request.merchantId, mandateId: request.mandateId });
  if (approved.outcome !== connector.Outcome.SUCCESS) throw new Error(`consent not approved: ${connector.Outcome[approved.outcome]}`);
  return { merchantId: request.merchantId, mandateId: request.mandateId, customerId: request.customerId, consentId: staged.consentId };
}

/** The error code a call rejected with ('ok' when it did not). */
export async function codeOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'ok';
  } catch (err) {
    if (err instanceof ApiError) return err.code;
    throw err;
  }
}

/** Moves a sandbox merchant's clock `ms` ahead of the wall clock (as the gateway pushes it to every service). */
export async function advanceClock(world: World, merchantId: string, ms: number): Promise<void> {
  await world.clocks.setSandboxClock({ merchantId, offsetMs: BigInt(ms) });
}

export const at = (date: Date) => timestampFromDate(date);

/** The token at the end of a platform authorisation link. */
export const tokenOf = (authorisationUrl: string) => authorisationUrl.slice(authorisationUrl.lastIndexOf('/') + 1);

/** One attempt as the payment service hands it over: 10.00 GBP unless `over` says otherwise. */
export function submission(
  m: { merchantId: string; mandateId: string },
  over: Partial<Omit<connector.PaymentSubmission, '$typeName'>> = {},
): connector.PaymentSubmission {
  return create(connector.PaymentSubmissionSchema, {
    paymentId: newId('PM'),
    attempt: 0,
    amountMinor: 1000n,
    currency: 'GBP',
    merchantId: m.merchantId,
    mandateId: m.mandateId,
    ...over,
  });
}

/** How many calls the connector has made to one endpoint of the bank (e.g. `POST /domestic-vrps`), from its metrics. */
export async function bankCalls(world: World, endpoint: string): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${world.connector.metricsPort}/metrics`)).text();
  return text
    .split('\n')
    .filter((l) => l.startsWith('http_client_request_duration_seconds_count{') && l.includes(`url_template="${endpoint}"`))
    .reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
}
