import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TYPES, PAYOUTS_PATH, VRP_BASE_PATH, subjectResource, type ObEventNotification } from '@vrp/open-banking';
import { waitFor } from '@vrp/testing';
import { CLIENT_ID } from './support/credentials.js';
import { PAYEE, paymentRequest } from './support/fixtures.js';
import { startWorld, type World } from './support/world.js';

let world: World;

beforeAll(async () => {
  world = await startWorld({ events: true });
});

afterAll(async () => {
  await world?.close();
});

const pay = (consentId: string, request: Parameters<typeof paymentRequest>[1], token: string, amount: string) =>
  world.client.call('POST', `${VRP_BASE_PATH}/domestic-vrps`, {
    token,
    body: paymentRequest(consentId, request, amount),
    idempotencyKey: randomUUID(),
  });

describe('health', () => {
  it('answers liveness (/healthz) and readiness (/readyz) on its HTTPS port, as its probes ask', async () => {
    expect(await world.client.call('GET', '/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await world.client.call('GET', '/readyz')).toMatchObject({ status: 200, body: { status: 'ready' } });
  });
});

/** The verified notifications about resource `id` once `count` have arrived. */
async function notificationsAbout(id: string, count: number): Promise<ObEventNotification[]> {
  return waitFor(
    async () => {
      const all = await world.receiver!.accepted({
        jwks: { keys: [world.credentials.creds.bankSigning.publicJwk as never] },
        issuer: world.bank.issuer,
        audience: CLIENT_ID,
      });
      const about = all.filter((n) => subjectResource(n.events[EVENT_TYPES.resourceUpdate]!.subject).id === id);
      return about.length >= count ? about : undefined;
    },
    { what: `${count} notifications about ${id}` },
  );
}

describe('revocation at the bank', () => {
  it.each([
    ['Customer', 'MS02', 'revoked_by_customer'],
    ['Bank', 'MS03', 'revoked_by_bank'],
  ])('by the %s: CANC with a reason, tokens refused, consent-authorization-revoked sent with its reason', async (by, code, reason) => {
    const { consentId, request, token } = await world.authorisedConsent(`CU-${randomUUID()}`);
    const revoked = await world.backOffice('POST', `/domestic-vrp-consents/${consentId}/revoke`, { By: by });
    expect(revoked.status).toBe(200);
    expect(revoked.body.Data).toMatchObject({ Status: 'CANC', StatusReason: [expect.objectContaining({ StatusReasonCode: code })] });
    expect((await pay(consentId, request, token, '1.00')).status).toBe(401);
    expect((await world.backOffice('POST', `/domestic-vrp-consents/${consentId}/revoke`, { By: by })).status).toBe(409);
    const notifications = await notificationsAbout(consentId, 2);
    const revocation = notifications.find((n) => n.events[EVENT_TYPES.consentAuthorizationRevoked]);
    expect(revocation!.events[EVENT_TYPES.consentAuthorizationRevoked]).toMatchObject({ reason });
    expect(revocation!.sub).toBe(`${world.bank.issuer}${VRP_BASE_PATH}/domestic-vrp-consents/${consentId}`);
  });
});

describe("a change of the consent's linked account", () => {
  it.each([
    ['account_closed', 'AC04'],
    ['account_blocked', 'AC06'],
  ])('%s: later payments are rejected %s and the client is told with the reason', async (reason, code) => {
    const { consentId, request, token } = await world.authorisedConsent(`CU-${randomUUID()}`);
    const changed = await world.backOffice('POST', `/domestic-vrp-consents/${consentId}/linked-account`, { Reason: reason });
    expect(changed.status).toBe(200);
    const rejected = await pay(consentId, request, token, '5.00');
    expect(rejected.status).toBe(201);
    expect(rejected.body.Data).toMatchObject({ Status: 'RJCT', StatusReason: [expect.objectContaining({ StatusReasonCode: code })] });
    const notifications = await notificationsAbout(consentId, 2);
    expect(notifications.find((n) => n.events[EVENT_TYPES.linkedAccountUpdate])!.events[EVENT_TYPES.linkedAccountUpdate]).toMatchObject({
      reason,
    });
  });

  it('account_switched: the consent names the new account, which took the balance, and payments keep working', async () => {
    const customer = `CU-${randomUUID()}`;
    await world.backOffice('PUT', '/balances', { MerchantCustomerIdentification: customer, Amount: { Amount: '80.00', Currency: 'GBP' } });
    const { consentId, request, token } = await world.authorisedConsent(customer);
    const taken = await pay(consentId, request, token, '30.00');
    const before = taken.body.Data.DebtorAccount.Identification as string;
    const switched = await world.backOffice('POST', `/domestic-vrp-consents/${consentId}/linked-account`, { Reason: 'account_switched' });
    expect(switched.body.Data.Status).toBe('AUTH');
    expect(switched.body.Data.DebtorAccount.Identification).not.toBe(before);
    const after = await pay(consentId, request, token, '50.00');
    expect(after.body.Data).toMatchObject({ Status: 'ACTC', DebtorAccount: switched.body.Data.DebtorAccount });
    // The payment taken before the switch settles from the new account, which held the 80.00.
    expect((await world.backOffice('POST', `/domestic-vrps/${taken.body.Data.DomesticVRPId}/settle`)).status).toBe(200);
    const balance = await world.backOffice('GET', `/balances?MerchantCustomerIdentification=${customer}`);
    expect(balance.body.Data).toMatchObject({
      Account: switched.body.Data.DebtorAccount,
      Balance: { Amount: '50.00' },
      Reserved: { Amount: '50.00' },
    });
    expect((await pay(consentId, request, token, '0.01')).body.Data).toMatchObject({
      Status: 'RJCT',
      StatusReason: [expect.objectContaining({ StatusReasonCode: 'AM04' })],
    });
    const notifications = await notificationsAbout(consentId, 2);
    expect(notifications.find((n) => n.events[EVENT_TYPES.linkedAccountUpdate])!.events[EVENT_TYPES.linkedAccountUpdate]).toMatchObject({
      reason: 'account_switched',
    });
  });
});

describe('payouts (the model bank’s refund extension)', () => {
  const payout = (creditor: { Identification: string }, amount: string, key = randomUUID()) =>
    world.client.call('POST', PAYOUTS_PATH, {
      token: world.ccToken,
      idempotencyKey: key,
      body: {
        Data: {
          InstructionIdentification: `RF-${key.slice(0, 8)}`,
          EndToEndIdentification: `RF-${key.slice(0, 8)}`,
          InstructedAmount: { Amount: amount, Currency: 'GBP' },
          DebtorAccount: PAYEE,
          CreditorAccount: { SchemeName: 'UK.OBIE.SortCodeAccountNumber', Identification: creditor.Identification, Name: 'Payer' },
        },
      },
    });

  it('pays a payment back to the refund account the payment named, credited when the back office settles it', async () => {
    const customer = `CU-${randomUUID()}`;
    await world.backOffice('PUT', '/balances', { MerchantCustomerIdentification: customer, Amount: { Amount: '100.00', Currency: 'GBP' } });
    const { consentId, request, token } = await world.authorisedConsent(customer);
    const payment = await pay(consentId, request, token, '40.00');
    await world.backOffice('POST', `/domestic-vrps/${payment.body.Data.DomesticVRPId}/settle`);
    const refund = payment.body.Data.Refund;
    const key = randomUUID();
    const created = await payout(refund, '15.00', key);
    expect(created.status).toBe(201);
    expect(created.signed).toBe(true);
    expect(created.body.Data).toMatchObject({
      Status: 'ACTC',
      CreditorAccount: { Identification: refund.Identification },
      InstructedAmount: { Amount: '15.00' },
    });
    const id = created.body.Data.PayoutId as string;
    expect((await payout(refund, '15.00', key)).body.Data.PayoutId).toBe(id);
    const settled = await world.backOffice('POST', `/payouts/${id}/settle`);
    expect(settled.body.Data.Status).toBe('ACSC');
    const read = await world.client.call('GET', `${PAYOUTS_PATH}/${id}`, { token: world.ccToken });
    expect(read.body.Data).toMatchObject({ PayoutId: id, Status: 'ACSC' });
    expect(read.body.Links.Self).toBe(`${world.bank.issuer}${PAYOUTS_PATH}/${id}`);
    const balance = await world.backOffice('GET', `/balances?MerchantCustomerIdentification=${customer}`);
    expect(balance.body.Data.Balance).toEqual({ Amount: '75.00', Currency: 'GBP' });
    expect(
      (await notificationsAbout(id, 2)).every((n) => subjectResource(n.events[EVENT_TYPES.resourceUpdate]!.subject).type === 'payouts'),
    ).toBe(true);
  });

  it('rejects a payout to an account the bank does not hold (AC01), lets the back office reject one, and takes only client-credentials tokens', async () => {
    const unknown = await payout({ Identification: '04040099999999' }, '1.00');
    expect(unknown.body.Data).toMatchObject({ Status: 'RJCT', StatusReason: [expect.objectContaining({ StatusReasonCode: 'AC01' })] });
    const { token } = await world.authorisedConsent(`CU-${randomUUID()}`);
    const account = (
      await world.client.call(
        'GET',
        `${VRP_BASE_PATH}/domestic-vrp-consents/${(await world.authorisedConsent(`CU-${randomUUID()}`)).consentId}`,
        { token: world.ccToken },
      )
    ).body.Data.DebtorAccount;
    const taken = await payout(account, '2.00');
    const rejected = await world.backOffice('POST', `/payouts/${taken.body.Data.PayoutId}/reject`, { StatusReasonCode: 'AC04' });
    expect(rejected.body.Data).toMatchObject({
      Status: 'RJCT',
      StatusReason: [{ StatusReasonCode: 'AC04', StatusReasonDescription: 'Rejected by the bank' }],
    });
    const wrongGrant = await world.client.call('GET', `${PAYOUTS_PATH}/${taken.body.Data.PayoutId}`, { token });
    expect(wrongGrant.status).toBe(403);
  });
});
