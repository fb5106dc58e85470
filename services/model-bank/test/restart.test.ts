import { randomUUID } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VRP_BASE_PATH } from '@vrp/open-banking';
import { waitFor } from '@vrp/testing';
import { paymentRequest } from './support/fixtures.js';
import { Browser } from './support/ob-client.js';
import { startWorld, type World } from './support/world.js';

let world: World;

beforeAll(async () => {
  world = await startWorld({ events: true });
});

afterAll(async () => {
  await world?.close();
});

describe('a restart in the middle', () => {
  it('keeps consents, tokens, a consent page in progress and undelivered notifications, which still go out', async () => {
    world.receiver!.answer = () => 503;
    const { consentId, request, token } = await world.authorisedConsent(`CU-${randomUUID()}`);
    const taken = await world.client.call('POST', `${VRP_BASE_PATH}/domestic-vrps`, {
      token,
      body: paymentRequest(consentId, request, '12.00'),
      idempotencyKey: randomUUID(),
    });
    expect(taken.body.Data.Status).toBe('ACTC');
    await waitFor(async () => (world.receiver!.received.length >= 2 ? true : undefined), { what: 'delivery attempts to fail' });

    // A second customer is on the consent page when the bank goes down.
    const { consentId: pending } = await world.stagedConsent(`CU-${randomUUID()}`);
    const auth = await world.client.authorisationRequest(pending);
    const browser = new Browser(world.credentials.creds.ca);
    const page = await browser.open(auth.url);
    expect(page.html).toContain('Approve');

    await world.bank.restart({ MODEL_BANK_AUTO_SETTLE_MS: '100' });
    expect(await world.bank.bank.pendingNotifications()).toBeGreaterThanOrEqual(2);
    world.receiver!.answer = () => 202;
    await waitFor(async () => ((await world.bank.bank.pendingNotifications()) === 0 ? true : undefined), {
      what: 'queued notifications to go out',
    });
    const failedJtis = new Set(world.receiver!.received.filter((r) => r.status === 503).map((r) => decodeJwt(r.jwt).jti));
    const deliveredJtis = world.receiver!.received.filter((r) => r.status === 202).map((r) => decodeJwt(r.jwt).jti);
    expect([...failedJtis].every((jti) => deliveredJtis.includes(jti))).toBe(true);
    expect(decodeProtectedHeader(world.receiver!.received[0]!.jwt)).toMatchObject({ alg: 'PS256', typ: 'secevent+jwt' });

    const consent = await world.client.call('GET', `${VRP_BASE_PATH}/domestic-vrp-consents/${consentId}`, { token: world.ccToken });
    expect(consent.body.Data.Status).toBe('AUTH');
    const again = await world.client.call('POST', `${VRP_BASE_PATH}/domestic-vrps`, {
      token,
      body: paymentRequest(consentId, request, '13.00'),
      idempotencyKey: randomUUID(),
    });
    expect(again.body.Data.Status).toBe('ACTC');
    const settled = await waitFor(
      async () => {
        const read = await world.client.call('GET', `${VRP_BASE_PATH}/domestic-vrps/${again.body.Data.DomesticVRPId}`, {
          token: world.ccToken,
        });
        return read.body.Data.Status === 'ACSC' ? read : undefined;
      },
      { what: 'the bank to settle by itself' },
    );
    expect(settled.body.Data.Status).toBe('ACSC');

    const action = /<form method="post" action="([^"]+)"/.exec(page.html)![1]!;
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.html)![1]!;
    const approved = await browser.open(new URL(action, page.url), { csrf, decision: 'approve' });
    const tokens = await world.client.exchange(approved.location!, auth);
    expect(tokens.claims()?.openbanking_intent_id).toBe(pending);
    await browser.close();
  });

  it('refuses the whole back office when no back office token is set', async () => {
    await world.bank.restart({ MODEL_BANK_BACK_OFFICE_TOKEN: '' });
    const answer = await world.backOffice('PUT', '/balances', {
      MerchantCustomerIdentification: 'CU-1',
      Amount: { Amount: '1.00', Currency: 'GBP' },
    });
    expect(answer.status).toBe(403);
  });
});
