import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VRP_BASE_PATH } from '@vrp/open-banking';
import { waitFor } from '@vrp/testing';
import { REDIRECT_URI } from './support/bank.js';
import { TRUST_ANCHOR } from './support/credentials.js';
import { PAYEE, consentRequest, paymentRequest } from './support/fixtures.js';
import { Browser, ObClient } from './support/ob-client.js';
import { startWorld, type World } from './support/world.js';

let world: World;
let second: ObClient;
const consents = `${VRP_BASE_PATH}/domestic-vrp-consents`;

beforeAll(async () => {
  world = await startWorld({
    otherClients: (c) => [
      {
        client_id: 'second-pisp',
        jwks: { keys: [c.creds.tppSigning.publicJwk] },
        redirect_uris: ['https://second.example/callback'],
        signing_iss: 'second-org',
      },
    ],
  });
  second = await ObClient.connect({
    issuer: world.bank.issuer,
    clientId: 'second-pisp',
    ca: world.credentials.creds.ca,
    transport: world.credentials.creds.otherTransports!['not-bound']!,
    signing: world.credentials.creds.tppSigning,
    signingIss: 'second-org',
    trustAnchor: TRUST_ANCHOR,
    redirectUri: 'https://second.example/callback',
  });
});

afterAll(async () => {
  await second?.close();
  await world?.close();
});

const post = (body: unknown, key = randomUUID(), options: { raw?: string; headers?: Record<string, string> } = {}) =>
  world.client.call('POST', consents, { token: world.ccToken, body, idempotencyKey: key, ...options });

describe('staging a consent', () => {
  it('refuses control parameters the profile forbids, each problem with its code and Path', async () => {
    const fortnight = await post(
      consentRequest(
        'CU-1',
        (r) =>
          void (r.Data.ControlParameters.PeriodicLimits = [
            { PeriodType: 'Fortnight', PeriodAlignment: 'Calendar', Amount: '10.00', Currency: 'GBP' },
          ]),
      ),
    );
    expect(fortnight.status).toBe(400);
    expect(fortnight.body.Errors).toEqual([
      expect.objectContaining({ ErrorCode: 'U002', Path: 'Data.ControlParameters.PeriodicLimits[0].PeriodAlignment' }),
    ]);
    const currencies = await post(consentRequest('CU-1', (r) => void (r.Data.ControlParameters.PeriodicLimits[0]!.Currency = 'EUR')));
    expect(currencies.body.Errors).toEqual([
      expect.objectContaining({ ErrorCode: 'U002', Path: 'Data.ControlParameters.PeriodicLimits[0].Currency' }),
    ]);
    const window = await post(
      consentRequest('CU-1', (r) => {
        r.Data.ControlParameters.ValidFromDateTime = '2030-02-01T00:00:00+00:00';
        r.Data.ControlParameters.ValidToDateTime = '2030-01-01T00:00:00+00:00';
      }),
    );
    expect(window.body.Errors).toEqual([expect.objectContaining({ ErrorCode: 'U003', Path: 'Data.ControlParameters.ValidToDateTime' })]);
    const past = await post(consentRequest('CU-1', (r) => void (r.Data.ControlParameters.ValidToDateTime = '2020-01-01T00:00:00+00:00')));
    expect(past.body.Errors).toEqual([expect.objectContaining({ ErrorCode: 'U003', Path: 'Data.ControlParameters.ValidToDateTime' })]);
    const unsupported = await post(
      consentRequest('CU-1', (r) => {
        r.Data.ControlParameters.MaximumIndividualAmount.Currency = 'ZZZ';
        r.Data.ControlParameters.PeriodicLimits[0]!.Currency = 'ZZZ';
      }),
    );
    expect(unsupported.body.Errors).toEqual([
      expect.objectContaining({ ErrorCode: 'U023', Path: 'Data.ControlParameters.MaximumIndividualAmount.Currency' }),
    ]);
  });

  it('refuses a body that does not follow the schema (U004 missing, U003 date, U002 invalid), is not JSON (U010) or is not application/json (415)', async () => {
    const request = consentRequest('CU-1') as unknown as { Data: { ControlParameters: Record<string, unknown> } };
    delete request.Data.ControlParameters.MaximumIndividualAmount;
    request.Data.ControlParameters.ValidToDateTime = 'next year';
    request.Data.ControlParameters.VRPType = ['UK.OBIE.VRPType.Lottery'];
    const invalid = await post(request);
    expect(invalid.status).toBe(400);
    expect(invalid.body.Errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ ErrorCode: 'U004', Path: 'Data.ControlParameters.MaximumIndividualAmount' }),
        expect.objectContaining({ ErrorCode: 'U003', Path: 'Data.ControlParameters.ValidToDateTime' }),
        expect.objectContaining({ ErrorCode: 'U002', Path: 'Data.ControlParameters.VRPType[0]' }),
      ]),
    );
    const notJson = await world.client.call('POST', consents, {
      token: world.ccToken,
      body: '{',
      raw: '{',
      signature: await world.client.sign('{'),
      idempotencyKey: randomUUID(),
    });
    expect(notJson.body.Errors).toEqual([expect.objectContaining({ ErrorCode: 'U010' })]);
    const text = await post(consentRequest('CU-1'), randomUUID(), { headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(415);
  });

  it('answers the same consent for the same x-idempotency-key and body, and refuses the key with another body', async () => {
    const key = randomUUID();
    const request = consentRequest(`CU-${randomUUID()}`);
    const first = await post(request, key);
    const again = await post(request, key);
    expect(again.status).toBe(201);
    expect(again.body.Data.ConsentId).toBe(first.body.Data.ConsentId);
    const other = await post(consentRequest(`CU-${randomUUID()}`), key);
    expect(other.body.Errors).toEqual([expect.objectContaining({ ErrorCode: 'U006', Path: 'x-idempotency-key' })]);
  });

  it('keeps each client to its own consents: another client gets 403, an unknown id 400 U011', async () => {
    const { consentId } = await world.stagedConsent(`CU-${randomUUID()}`);
    const theirs = await second.call('GET', `${consents}/${consentId}`, { token: await second.clientCredentials() });
    expect(theirs.status).toBe(403);
    expect(theirs.signed).toBe(true);
    const unknown = await world.client.call('GET', `${consents}/vrc-none`, { token: world.ccToken });
    expect(unknown.body.Errors).toEqual([expect.objectContaining({ ErrorCode: 'U011' })]);
  });
});

describe('the customer declines', () => {
  it('rejects the consent (RJCT) and sends the browser back with error=access_denied in the JARM response', async () => {
    const { consentId } = await world.stagedConsent(`CU-${randomUUID()}`);
    const auth = await world.client.authorisationRequest(consentId);
    const { page, callback } = await new Browser(world.credentials.creds.ca).decide(auth.url, 'decline');
    expect(page).toContain('Decline');
    expect(callback.origin + callback.pathname).toBe(REDIRECT_URI);
    expect(decodeJwt(callback.searchParams.get('response')!)).toMatchObject({ error: 'access_denied', state: auth.state });
    await expect(world.client.exchange(callback, auth)).rejects.toMatchObject({ error: 'access_denied' });
    const read = await world.client.call('GET', `${consents}/${consentId}`, { token: world.ccToken });
    expect(read.body.Data).toMatchObject({ Status: 'RJCT', StatusReason: [expect.objectContaining({ StatusReasonCode: 'CUST' })] });
    // A consent that is no longer awaiting authorisation sends the browser straight back with invalid_request.
    const retry = await world.client.authorisationRequest(consentId);
    const back = await new Browser(world.credentials.creds.ca).decide(retry.url, 'approve');
    expect(decodeJwt(back.callback.searchParams.get('response')!)).toMatchObject({ error: 'invalid_request' });
  });
});

describe('one browser, several customers', () => {
  it('approves consents of two customers in turn through the same browser (its earlier sign-in ended, not a sign-out page)', async () => {
    const browser = new Browser(world.credentials.creds.ca);
    for (const customer of [`CU-A-${randomUUID()}`, `CU-B-${randomUUID()}`, `CU-A2-${randomUUID()}`]) {
      const { consentId } = await world.stagedConsent(customer);
      const auth = await world.client.authorisationRequest(consentId);
      const { callback } = await browser.decide(auth.url, 'approve');
      expect((await world.client.exchange(callback, auth)).claims()?.openbanking_intent_id).toBe(consentId);
    }
    await browser.close();
  });
});

describe('expiry', () => {
  it("expires a consent whose ValidToDateTime day has passed on its payee's clock (EXPD, TKXP) and revokes its tokens", async () => {
    const payee = { ...PAYEE, Identification: `0400${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}` };
    const today = new Date().toISOString().slice(0, 10);
    const { consentId, request, token } = await world.authorisedConsent(`CU-${randomUUID()}`, (r) => {
      r.Data.Initiation.CreditorAccount = payee;
      r.Data.ControlParameters.ValidToDateTime = `${today}T23:00:00+00:00`;
    });
    const body = paymentRequest(consentId, request, '1.00');
    body.Data.Instruction.CreditorAccount = payee;
    expect((await world.client.call('POST', `${VRP_BASE_PATH}/domestic-vrps`, { token, body, idempotencyKey: randomUUID() })).status).toBe(
      201,
    );
    await world.backOffice('PUT', '/clock', { CreditorAccount: payee, OffsetMs: 2 * 86_400_000 });
    const expired = await waitFor(
      async () => {
        const read = await world.client.call('GET', `${consents}/${consentId}`, { token: world.ccToken });
        return read.body.Data.Status === 'EXPD' ? read : undefined;
      },
      { what: 'the consent to expire' },
    );
    expect(expired.body.Data.StatusReason).toEqual([expect.objectContaining({ StatusReasonCode: 'TKXP' })]);
    const after = await world.client.call('POST', `${VRP_BASE_PATH}/domestic-vrps`, {
      token,
      body: { ...body },
      idempotencyKey: randomUUID(),
    });
    expect(after.status).toBe(401);
  });
});
