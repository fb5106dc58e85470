import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TYPES, VRP_BASE_PATH, subjectResource } from '@vrp/open-banking';
import { waitFor } from '@vrp/testing';
import { REDIRECT_URI } from './support/bank.js';
import { CLIENT_ID } from './support/credentials.js';
import { PAYEE, consentRequest, paymentRequest } from './support/fixtures.js';
import { startWorld, type World } from './support/world.js';

let world: World;

beforeAll(async () => {
  world = await startWorld({ events: true });
});

afterAll(async () => {
  await world?.close();
});

describe('discovery', () => {
  it('advertises PAR (required), JARM, PKCE S256, certificate-bound tokens, private_key_jwt and PS256 only', () => {
    const metadata = world.client.config.serverMetadata();
    expect(metadata.issuer).toBe(world.bank.issuer);
    expect(metadata.pushed_authorization_request_endpoint).toBe(`${world.bank.issuer}/request`);
    expect(metadata.require_pushed_authorization_requests).toBe(true);
    expect(metadata.response_modes_supported).toContain('jwt');
    expect(metadata.authorization_signing_alg_values_supported).toEqual(['PS256']);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(metadata.tls_client_certificate_bound_access_tokens).toBe(true);
    expect(metadata.token_endpoint_auth_methods_supported).toEqual(['private_key_jwt']);
    expect(metadata.token_endpoint_auth_signing_alg_values_supported).toEqual(['PS256']);
    expect(metadata.id_token_signing_alg_values_supported).toEqual(['PS256']);
    expect(metadata.request_object_signing_alg_values_supported).toEqual(['PS256']);
    expect(metadata.scopes_supported).toEqual(expect.arrayContaining(['openid', 'payments']));
    expect(metadata.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'client_credentials']));
    expect(metadata.claims_parameter_supported).toBe(true);
  });
});

describe('a whole VRP journey', () => {
  it('stages, authorises through the consent page, confirms funds, pays, settles, notifies and deletes', async () => {
    const customer = `CU-${randomUUID().slice(0, 8)}`;
    const consent = consentRequest(customer);
    const interactionId = randomUUID();
    const staged = await world.client.call('POST', `${VRP_BASE_PATH}/domestic-vrp-consents`, {
      token: world.ccToken,
      body: consent,
      idempotencyKey: randomUUID(),
      interactionId,
    });
    expect(staged.status).toBe(201);
    expect(staged.signed).toBe(true);
    expect(staged.headers['x-fapi-interaction-id']).toBe(interactionId);
    expect(staged.body.Data).toMatchObject({ Status: 'AWAU', ReadRefundAccount: 'Yes', Initiation: { CreditorAccount: PAYEE } });
    const consentId = staged.body.Data.ConsentId as string;

    const auth = await world.client.authorisationRequest(consentId);
    expect(auth.url.searchParams.get('request_uri')).toMatch(/^urn:ietf:params:oauth:request_uri:/);
    const { page, callback } = await world.browser.decide(auth.url, 'approve');
    expect(page).toContain('Acme Gym');
    expect(page).toContain('£50.00');
    expect(callback.origin + callback.pathname).toBe(REDIRECT_URI);
    const jarm = decodeJwt(callback.searchParams.get('response')!);
    expect(jarm).toMatchObject({ iss: world.bank.issuer, aud: CLIENT_ID, state: auth.state });
    expect(jarm.code).toEqual(expect.any(String));

    const tokens = await world.client.exchange(callback, auth);
    expect(tokens.claims()?.openbanking_intent_id).toBe(consentId);
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(tokens.expires_in).toBeGreaterThan(9 * 365 * 86_400);

    const authorised = await world.client.call('GET', `${VRP_BASE_PATH}/domestic-vrp-consents/${consentId}`, { token: world.ccToken });
    expect(authorised.status).toBe(200);
    expect(authorised.body.Data.Status).toBe('AUTH');
    expect(authorised.body.Data.DebtorAccount).toMatchObject({
      SchemeName: 'UK.OBIE.SortCodeAccountNumber',
      Identification: expect.stringMatching(/^040400\d{8}$/),
    });

    const funds = await world.client.call('POST', `${VRP_BASE_PATH}/domestic-vrp-consents/${consentId}/funds-confirmation`, {
      token: tokens.access_token,
      body: { Data: { ConsentId: consentId, Reference: 'Gym', InstructedAmount: { Amount: '29.99', Currency: 'GBP' } } },
    });
    expect(funds.status).toBe(201);
    expect(funds.signed).toBe(true);
    expect(funds.body.Data.FundsAvailableResult.FundsAvailable).toBe('Available');

    const payment = await world.client.call('POST', `${VRP_BASE_PATH}/domestic-vrps`, {
      token: tokens.access_token,
      body: paymentRequest(consentId, consent, '29.99'),
      idempotencyKey: randomUUID(),
    });
    expect(payment.status).toBe(201);
    expect(payment.signed).toBe(true);
    expect(payment.body.Data).toMatchObject({ Status: 'ACTC', ConsentId: consentId, Refund: authorised.body.Data.DebtorAccount });
    const paymentId = payment.body.Data.DomesticVRPId as string;

    const settled = await world.backOffice('POST', `/domestic-vrps/${paymentId}/settle`);
    expect(settled.status).toBe(200);
    const read = await world.client.call('GET', `${VRP_BASE_PATH}/domestic-vrps/${paymentId}`, { token: world.ccToken });
    expect(read.status).toBe(200);
    expect(read.body.Data.Status).toBe('ACSC');
    const details = await world.client.call('GET', `${VRP_BASE_PATH}/domestic-vrps/${paymentId}/payment-details`, { token: world.ccToken });
    expect(details.body.Data.PaymentStatus[0]).toMatchObject({ PaymentTransactionId: paymentId, Status: 'ACSC' });
    const balance = await world.backOffice('GET', `/balances?MerchantCustomerIdentification=${customer}`);
    expect(balance.body.Data.Balance).toEqual({ Amount: '999970.01', Currency: 'GBP' });

    const deleted = await world.client.call('DELETE', `${VRP_BASE_PATH}/domestic-vrp-consents/${consentId}`, { token: world.ccToken });
    expect(deleted.status).toBe(204);
    const cancelled = await world.client.call('GET', `${VRP_BASE_PATH}/domestic-vrp-consents/${consentId}`, { token: world.ccToken });
    expect(cancelled.body.Data.Status).toBe('CANC');
    const refused = await world.client.call('POST', `${VRP_BASE_PATH}/domestic-vrps`, {
      token: tokens.access_token,
      body: paymentRequest(consentId, consent, '1.00'),
      idempotencyKey: randomUUID(),
    });
    expect(refused.status).toBe(401);

    await waitFor(async () => ((await world.bank.bank.pendingNotifications()) === 0 ? true : undefined), {
      what: 'notifications to be delivered',
    });
    const notifications = await world.receiver!.accepted({
      jwks: { keys: [world.credentials.creds.bankSigning.publicJwk as never] },
      issuer: world.bank.issuer,
      audience: CLIENT_ID,
    });
    // AUTH and CANC of the consent; the payment taken and settled.
    const about = notifications.map((n) => subjectResource(n.events[EVENT_TYPES.resourceUpdate]!.subject));
    expect(about.filter((r) => r.type === 'domestic-vrp-consents' && r.id === consentId)).toHaveLength(2);
    expect(about.filter((r) => r.type === 'domestic-vrps' && r.id === paymentId)).toHaveLength(2);
    expect(about.find((r) => r.id === paymentId)!.link).toBe(`${world.bank.issuer}${VRP_BASE_PATH}/domestic-vrps/${paymentId}`);
    expect(world.receiver!.received.every((r) => r.contentType === 'application/jwt' && r.interactionId)).toBe(true);
    expect(new Set(notifications.map((n) => n.jti)).size).toBe(notifications.length);
  });
});
