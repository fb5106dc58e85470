import { randomUUID } from 'node:crypto';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VRP_BASE_PATH } from '@vrp/open-banking';
import { consentRequest, paymentRequest } from './support/fixtures.js';
import { Browser } from './support/ob-client.js';
import { startWorld, type World } from './support/world.js';

let world: World;
const consents = `${VRP_BASE_PATH}/domestic-vrp-consents`;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.close();
});

/** POSTs a client-credentials grant to the token endpoint over a chosen transport (no client assertion needed to be refused first). */
async function tokenRequest(transport: { cert: string; key: string } | undefined) {
  const agent = new Agent({ connect: { ca: world.credentials.creds.ca, ...(transport ?? {}) } });
  try {
    const answer = await request(new URL('/token', world.bank.issuer), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&scope=payments',
      dispatcher: agent,
    });
    return { status: answer.statusCode, body: (await answer.body.json()) as { error: string } };
  } finally {
    await agent.close();
  }
}

describe('mutual TLS', () => {
  it('refuses the token endpoint and PAR without a client certificate, or with one of another CA (401 invalid_client)', async () => {
    expect(await tokenRequest(undefined)).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    expect(await tokenRequest(world.credentials.foreign.tppTransport)).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    const agent = new Agent({ connect: { ca: world.credentials.creds.ca } });
    const par = await request(new URL('/request', world.bank.issuer), { method: 'POST', body: '', dispatcher: agent });
    expect(par.statusCode).toBe(401);
    await par.body.dump();
    await agent.close();
  });

  it('refuses the resource server without a client certificate, with one of another CA, and with a token bound to another certificate (401)', async () => {
    const path = `${consents}/${(await world.stagedConsent(`CU-${randomUUID()}`)).consentId}`;
    const ok = await world.client.call('GET', path, { token: world.ccToken });
    expect(ok.status).toBe(200);
    for (const transport of [
      'none',
      world.credentials.foreign.tppTransport,
      world.credentials.creds.otherTransports!['not-bound'],
    ] as const) {
      const refused = await world.client.call('GET', path, { token: world.ccToken, transport });
      expect(refused.status).toBe(401);
      expect(refused.headers['www-authenticate']).toMatch(/^Bearer error="invalid_token"/);
      expect(refused.headers['x-fapi-interaction-id']).toEqual(expect.any(String));
    }
  });

  it('refuses a missing or unknown bearer token (401) and a token of the wrong grant (403)', async () => {
    const { consentId, request: consent, token } = await world.authorisedConsent(`CU-${randomUUID()}`);
    expect((await world.client.call('GET', `${consents}/${consentId}`)).status).toBe(401);
    expect((await world.client.call('GET', `${consents}/${consentId}`, { token: 'not-a-token' })).status).toBe(401);
    const withCodeToken = await world.client.call('GET', `${consents}/${consentId}`, { token });
    expect(withCodeToken.status).toBe(403);
    expect(withCodeToken.signed).toBe(true);
    const withClientToken = await world.client.call('POST', `${VRP_BASE_PATH}/domestic-vrps`, {
      token: world.ccToken,
      body: paymentRequest(consentId, consent, '1.00'),
      idempotencyKey: randomUUID(),
    });
    expect(withClientToken.status).toBe(403);
  });
});

describe('message signatures', () => {
  it('refuses a body changed after signing (400 U015), an unsigned body (U019) and a signature that is no detached JWS (U018)', async () => {
    const body = consentRequest(`CU-${randomUUID()}`);
    const tampered = await world.client.call('POST', consents, {
      token: world.ccToken,
      body,
      raw: JSON.stringify(body).replace('50.00', '90.00'),
      idempotencyKey: randomUUID(),
    });
    expect(tampered.status).toBe(400);
    expect(tampered.signed).toBe(true);
    expect(tampered.body.Errors).toEqual([expect.objectContaining({ ErrorCode: 'U015', Path: 'x-jws-signature' })]);
    const unsigned = await world.client.call('POST', consents, {
      token: world.ccToken,
      body,
      signature: false,
      idempotencyKey: randomUUID(),
    });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.Errors[0].ErrorCode).toBe('U019');
    const malformed = await world.client.call('POST', consents, {
      token: world.ccToken,
      body,
      signature: 'abc.def.ghi',
      idempotencyKey: randomUUID(),
    });
    expect(malformed.body.Errors[0].ErrorCode).toBe('U018');
  });

  it('signs every answer body, errors included, and plays back the interaction id', async () => {
    const interactionId = randomUUID();
    const unknown = await world.client.call('GET', `${consents}/vrc-unknown`, { token: world.ccToken, interactionId });
    expect(unknown.status).toBe(400);
    expect(unknown.signed).toBe(true);
    expect(unknown.headers['x-fapi-interaction-id']).toBe(interactionId);
    expect(unknown.body.Errors).toEqual([expect.objectContaining({ ErrorCode: 'U011', Path: 'ConsentId' })]);
  });
});

describe('the authorisation code and its request', () => {
  it('refuses a replayed authorisation code (invalid_grant) and revokes what the first exchange issued', async () => {
    const { consentId } = await world.stagedConsent(`CU-${randomUUID()}`);
    const auth = await world.client.authorisationRequest(consentId);
    const { callback } = await new Browser(world.credentials.creds.ca).decide(auth.url, 'approve');
    const tokens = await world.client.exchange(callback, auth);
    await expect(world.client.exchange(callback, auth)).rejects.toMatchObject({ error: 'invalid_grant' });
    const funds = await world.client.call('POST', `${consents}/${consentId}/funds-confirmation`, {
      token: tokens.access_token,
      body: { Data: { ConsentId: consentId, InstructedAmount: { Amount: '1.00', Currency: 'GBP' } } },
    });
    expect(funds.status).toBe(401);
  });

  it('serves one of two exchanges of one code that race (the database consumes a code once)', async () => {
    const { consentId } = await world.stagedConsent(`CU-${randomUUID()}`);
    const auth = await world.client.authorisationRequest(consentId);
    const { callback } = await new Browser(world.credentials.creds.ca).decide(auth.url, 'approve');
    const outcomes = await Promise.allSettled([world.client.exchange(callback, auth), world.client.exchange(callback, auth)]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a code exchanged with the wrong PKCE verifier (invalid_grant)', async () => {
    const { consentId } = await world.stagedConsent(`CU-${randomUUID()}`);
    const auth = await world.client.authorisationRequest(consentId);
    const { callback } = await new Browser(world.credentials.creds.ca).decide(auth.url, 'approve');
    await expect(world.client.exchange(callback, auth, 'a'.repeat(43))).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it.each(['exp', 'nbf', 'aud'])('refuses a pushed request object without %s (invalid_request_object)', async (claim) => {
    const { consentId } = await world.stagedConsent(`CU-${randomUUID()}`);
    await expect(world.client.authorisationRequest(consentId, (payload) => void delete payload[claim])).rejects.toMatchObject({
      error: 'invalid_request_object',
    });
  });

  it('sends an authorisation request that was not pushed back to the client with invalid_request', async () => {
    const url = new URL(world.client.config.serverMetadata().authorization_endpoint!);
    url.search = new URLSearchParams({
      client_id: 'vrp-platform-test',
      response_type: 'code',
      scope: 'openid payments',
      state: 'not-pushed',
      redirect_uri: world.client.redirectUri,
    }).toString();
    const page = await new Browser(world.credentials.creds.ca).open(url);
    expect(page.status).toBe(303);
    expect(page.location!.searchParams.get('error')).toBe('invalid_request');
    expect(page.location!.searchParams.get('error_description')).toMatch(/Pushed Authorization Request must be used/i);
  });
});

describe('the back office', () => {
  it('refuses a wrong token (401)', async () => {
    expect((await world.backOffice('GET', '/balances?MerchantCustomerIdentification=x', undefined, 'wrong')).status).toBe(401);
  });
});
