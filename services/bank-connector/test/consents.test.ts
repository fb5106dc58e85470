import { randomBytes } from 'node:crypto';
import { connector } from '@vrp/contracts';
import { createDomainEvent } from './support/events.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walkAuthorisation } from '../src/clients/bank/consent-pages.js';
import { mtlsTransport, type MtlsTransport } from '../src/clients/bank/mtls.js';
import { waitFor } from '@vrp/testing';
import { advanceClock, at, authorisedMandate, codeOf, stageRequest, tokenOf } from './support/fixtures.js';
import { startWorld, type World } from './support/world.js';

const { Outcome, ConsentStatus } = connector;
let world: World;
let browser: MtlsTransport;
beforeAll(async () => {
  world = await startWorld();
  // A customer's browser: it trusts the bank's CA (it presents no certificate the pages need).
  browser = mtlsTransport(
    { cert: world.credentials.tppTransport.cert, key: world.credentials.tppTransport.key, ca: world.credentials.ca },
    10_000,
  );
});
afterAll(async () => {
  await browser?.close();
  await world?.close();
});

const redirectUri = () => `${world.relay.url}/v1/bank/callback`;

/** Opens the link and walks the bank's pages; the bank's answer at the platform's redirect URI. */
async function atBank(authorisationUrl: string, decline = false): Promise<Record<string, string>> {
  const begun = await world.client.beginAuthorisation({ token: tokenOf(authorisationUrl) });
  return walkAuthorisation(browser.fetch, begun.redirectUrl, { redirectUri: redirectUri(), decline });
}

const bankConsents = (customerId: string) =>
  world.query<{ id: string; status: string; control_parameters: Record<string, unknown>; risk: Record<string, unknown> }>(
    `SELECT id, status, control_parameters, risk FROM model_bank.consents WHERE customer_ref = $1`,
    [customerId],
  );

describe('staging a consent', () => {
  it("stages the mandate's terms as the consent's control parameters, and the customer approves it at the bank", async () => {
    const request = stageRequest();
    const staged = await world.client.stageConsent(request);
    expect(staged.authorisationUrl).toMatch(new RegExp(`^${world.relay.url}/v1/bank/authorise/[A-Za-z0-9_-]{43}$`));
    const [atTheBank] = await bankConsents(request.customerId);
    expect(atTheBank).toMatchObject({ id: staged.consentId, status: 'AWAU' });
    expect(atTheBank!.control_parameters).toMatchObject({
      MaximumIndividualAmount: { Amount: '50.00', Currency: 'GBP' },
      PeriodicLimits: [{ PeriodType: 'Month', PeriodAlignment: 'Consent', Amount: '100.00', Currency: 'GBP' }],
      VRPType: ['UK.OBIE.VRPType.Other'],
      PSUAuthenticationMethods: ['UK.OBIE.SCANotRequired'],
      PSUInteractionTypes: ['OffSession'],
    });
    expect(atTheBank!.risk).toEqual({
      PaymentContextCode: 'BillingGoodsAndServicesInAdvance',
      MerchantCustomerIdentification: request.customerId,
    });

    const approved = await world.sandbox.approveConsent({ merchantId: request.merchantId, mandateId: request.mandateId });
    expect(Outcome[approved.outcome]).toBe('SUCCESS');
    expect(approved.redirectUrl).toBe(
      `https://shop.example/after-bank?mandate_request_id=${request.mandateRequestId}&outcome=success&mandate_id=${request.mandateId}`,
    );
    const consent = await world.client.getConsent({ merchantId: request.merchantId, mandateId: request.mandateId });
    expect(consent).toMatchObject({ consentId: staged.consentId, status: ConsentStatus.AUTHORISED });
    // The access token is kept sealed, never in the clear.
    const [row] = await world.query<{ access_token_sealed: string; debtor_account: unknown }>(
      `SELECT access_token_sealed, debtor_account FROM connector.consents WHERE bank_consent_id = $1`,
      [staged.consentId],
    );
    expect(row!.access_token_sealed).toMatch(/^dev\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(row!.debtor_account).toMatchObject({ SchemeName: 'UK.OBIE.SortCodeAccountNumber' });
  });

  it('answers a repeat with the same consent and link, and stages one consent at the bank when calls race', async () => {
    const request = stageRequest();
    const first = await world.client.stageConsent(request);
    expect(await world.client.stageConsent(request)).toEqual(first);

    const raced = stageRequest();
    const answers = await Promise.all(Array.from({ length: 6 }, () => world.client.stageConsent(raced)));
    expect(new Set(answers.map((a) => a.consentId)).size).toBe(1);
    expect(new Set(answers.map((a) => a.authorisationUrl)).size).toBe(1);
    expect(await bankConsents(raced.customerId)).toHaveLength(1);
  });

  it('has a consent valid for decades approved (its grant at the bank lives as long)', async () => {
    const request = stageRequest();
    request.terms!.validTo = at(new Date('2099-01-01T00:00:00Z'));
    const m = await authorisedMandate(world, request);
    expect(await world.client.getConsent({ merchantId: m.merchantId, mandateId: m.mandateId })).toMatchObject({
      status: ConsentStatus.AUTHORISED,
    });
  });

  it('refuses terms a bank cannot be asked for, naming the field, and stages nothing', async () => {
    const request = stageRequest();
    request.terms!.currency = 'GBX';
    expect(await codeOf(world.client.stageConsent(request))).toBe('validation_error');
    const noTerms = stageRequest({ terms: undefined });
    await expect(world.client.stageConsent(noTerms)).rejects.toMatchObject({ code: 'validation_error', param: 'terms' });
    expect(await bankConsents(request.customerId)).toHaveLength(0);
  });
});

describe("the customer's authorisation", () => {
  it('is declined when the customer declines at the bank', async () => {
    const request = stageRequest();
    await world.client.stageConsent(request);
    const declined = await world.sandbox.approveConsent({ merchantId: request.merchantId, mandateId: request.mandateId, decline: true });
    expect(Outcome[declined.outcome]).toBe('DECLINED');
    expect(declined.redirectUrl).toBe(`https://shop.example/after-bank?mandate_request_id=${request.mandateRequestId}&outcome=declined`);
    // The link then says how it ended, without sending the customer to the bank again.
    const again = await world.client.beginAuthorisation({ token: tokenOf((await world.client.stageConsent(request)).authorisationUrl) });
    expect(again).toMatchObject({ outcome: Outcome.DECLINED, redirectUrl: declined.redirectUrl });
  });

  it('sends the customer back with outcome=expired once the journey ran out on the merchant clock, or answers the outcome alone', async () => {
    const request = stageRequest({ expiresAt: at(new Date(Date.now() + 60_000)) });
    const staged = await world.client.stageConsent(request);
    expect(staged.authorisationExpiresAt).toEqual(request.expiresAt);
    const opened = await world.client.beginAuthorisation({ token: tokenOf(staged.authorisationUrl) });
    expect(opened.redirectUrl.startsWith(world.bank.issuer)).toBe(true);
    await advanceClock(world, request.merchantId, 120_000);
    expect(await world.client.beginAuthorisation({ token: tokenOf(staged.authorisationUrl) })).toMatchObject({
      outcome: Outcome.EXPIRED,
      redirectUrl: `https://shop.example/after-bank?mandate_request_id=${request.mandateRequestId}&outcome=expired`,
      mandateRequestId: request.mandateRequestId,
      mandateId: '',
    });

    const pageless = stageRequest({ returnUri: '', mandateRequestId: '', expiresAt: at(new Date(Date.now() + 60_000)) });
    const link = (await world.client.stageConsent(pageless)).authorisationUrl;
    await advanceClock(world, pageless.merchantId, 120_000);
    expect(await world.client.beginAuthorisation({ token: tokenOf(link) })).toMatchObject({ outcome: Outcome.EXPIRED, redirectUrl: '' });
  });

  it('refuses a link nobody issued', async () => {
    await expect(world.client.beginAuthorisation({ token: randomBytes(32).toString('base64url') })).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(world.client.beginAuthorisation({ token: '' })).rejects.toMatchObject({ code: 'validation_error', param: 'token' });
  });

  it('takes each answer of the bank once: a replayed answer is refused', async () => {
    const request = stageRequest();
    const params = await atBank((await world.client.stageConsent(request)).authorisationUrl);
    expect(Object.keys(params)).toEqual(['response']);
    expect(Outcome[(await world.client.completeAuthorisation({ params })).outcome]).toBe('SUCCESS');
    await expect(world.client.completeAuthorisation({ params })).rejects.toMatchObject({ code: 'validation_error', param: 'state' });
  });

  it('refuses a redirect with a foreign state and exchanges no code for it', async () => {
    const request = stageRequest();
    const params = await atBank((await world.client.stageConsent(request)).authorisationUrl);
    await expect(world.client.completeAuthorisation({ params: { code: 'stolen', state: 'not-ours' } })).rejects.toMatchObject({
      code: 'validation_error',
      param: 'state',
    });
    // The genuine answer still works: nothing was exchanged or spent for the foreign one.
    expect(Outcome[(await world.client.completeAuthorisation({ params })).outcome]).toBe('SUCCESS');
  });

  it('ends in error when the code is exchanged with the wrong PKCE verifier', async () => {
    const request = stageRequest();
    const staged = await world.client.stageConsent(request);
    const params = await atBank(staged.authorisationUrl);
    await world.query(
      `UPDATE connector.authorisations a SET code_verifier = $2 FROM connector.consents c WHERE a.consent_id = c.id AND c.bank_consent_id = $1`,
      [staged.consentId, randomBytes(32).toString('base64url')],
    );
    const result = await world.client.completeAuthorisation({ params });
    expect(result).toMatchObject({
      outcome: Outcome.ERROR,
      redirectUrl: `https://shop.example/after-bank?mandate_request_id=${request.mandateRequestId}&outcome=error`,
    });
    const [row] = await world.query<{ journey: string; access_token_sealed: string | null }>(
      `SELECT journey, access_token_sealed FROM connector.consents WHERE bank_consent_id = $1`,
      [staged.consentId],
    );
    expect(row).toEqual({ journey: 'failed', access_token_sealed: null });
  });

  it('leaves the journey to another attempt in flight when one attempt fails (the link opened twice), and ends it failed when none is left', async () => {
    const journeyOf = async (consentId: string) =>
      (
        await world.query<{ journey: string; token: boolean }>(
          `SELECT journey, access_token_sealed IS NOT NULL AS token FROM connector.consents WHERE bank_consent_id = $1`,
          [consentId],
        )
      )[0];
    /** Spoils the PKCE verifier of the attempt begun `nth` (1: the first) at the consent, so its code exchange fails. */
    const spoil = (consentId: string, nth: number) =>
      world.query(
        `UPDATE connector.authorisations SET code_verifier = $3 WHERE state_hash = (
           SELECT a.state_hash FROM connector.authorisations a JOIN connector.consents c ON c.id = a.consent_id
            WHERE c.bank_consent_id = $1 ORDER BY a.created_at, a.state_hash OFFSET $2 LIMIT 1)`,
        [consentId, nth - 1, randomBytes(32).toString('base64url')],
      );
    const twice = async () => {
      const staged = await world.client.stageConsent(stageRequest());
      const first = await atBank(staged.authorisationUrl);
      await new Promise((r) => setTimeout(r, 5)); // the attempts' creation times differ
      const second = await atBank(staged.authorisationUrl);
      return { staged, first, second };
    };

    // The second attempt fails first: the first, still in flight, authorises the consent.
    const a = await twice();
    await spoil(a.staged.consentId, 2);
    expect(Outcome[(await world.client.completeAuthorisation({ params: a.second })).outcome]).toBe('ERROR');
    expect(await journeyOf(a.staged.consentId)).toEqual({ journey: 'open', token: false });
    expect(Outcome[(await world.client.completeAuthorisation({ params: a.first })).outcome]).toBe('SUCCESS');
    expect(await journeyOf(a.staged.consentId)).toEqual({ journey: 'authorised', token: true });

    // Both fail: the journey ends failed with the last of them.
    const b = await twice();
    await spoil(b.staged.consentId, 1);
    await spoil(b.staged.consentId, 2);
    expect(Outcome[(await world.client.completeAuthorisation({ params: b.first })).outcome]).toBe('ERROR');
    expect(await journeyOf(b.staged.consentId)).toEqual({ journey: 'open', token: false });
    expect(Outcome[(await world.client.completeAuthorisation({ params: b.second })).outcome]).toBe('ERROR');
    expect(await journeyOf(b.staged.consentId)).toEqual({ journey: 'failed', token: false });
  });

  it('refuses an answer that came after the journey ran out, without exchanging its code', async () => {
    const request = stageRequest({ expiresAt: at(new Date(Date.now() + 60_000)) });
    const staged = await world.client.stageConsent(request);
    const params = await atBank(staged.authorisationUrl);
    await advanceClock(world, request.merchantId, 120_000);
    await expect(world.client.completeAuthorisation({ params })).rejects.toMatchObject({ code: 'validation_error', param: 'state' });
    const [row] = await world.query<{ journey: string; access_token_sealed: string | null }>(
      `SELECT journey, access_token_sealed FROM connector.consents WHERE bank_consent_id = $1`,
      [staged.consentId],
    );
    expect(row).toEqual({ journey: 'expired', access_token_sealed: null });
  });
});

describe('withdrawing a consent', () => {
  it('deletes it at the bank, idempotently and tolerating a consent the bank no longer has, and ends its link', async () => {
    const request = stageRequest();
    const staged = await world.client.stageConsent(request);
    const ids = { merchantId: request.merchantId, mandateId: request.mandateId };
    await world.client.cancelConsent(ids);
    expect(await world.client.getConsent(ids)).toMatchObject({ status: ConsentStatus.CANCELLED });
    await world.client.cancelConsent(ids);
    // As if the first deletion's answer had been lost: the bank no longer has it; deleting again is fine.
    await world.query(`UPDATE connector.consents SET deleted_at_bank = NULL WHERE bank_consent_id = $1`, [staged.consentId]);
    await world.client.cancelConsent(ids);
    expect(await world.client.beginAuthorisation({ token: tokenOf(staged.authorisationUrl) })).toMatchObject({ outcome: Outcome.EXPIRED });
    await expect(world.client.cancelConsent({ merchantId: request.merchantId, mandateId: 'MD-none' })).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('deletes the consent when the merchant cancels the mandate (mandate.revoked on the event stream), and only then', async () => {
    const byMerchant = await authorisedMandate(world);
    const byCustomer = await authorisedMandate(world);
    await world.stream.bus.js.publish(`${world.stream.subjectPrefix}.mandate.revoked`, createDomainEvent(byCustomer, 'customer'));
    await world.stream.bus.js.publish(`${world.stream.subjectPrefix}.mandate.revoked`, createDomainEvent(byMerchant, 'merchant'));
    await waitFor(async () => (await world.client.getConsent(byMerchant)).status === ConsentStatus.CANCELLED || undefined, {
      what: "the merchant-cancelled mandate's consent deleted at the bank",
    });
    expect((await world.client.getConsent(byCustomer)).status).toBe(ConsentStatus.AUTHORISED);
  });
});
