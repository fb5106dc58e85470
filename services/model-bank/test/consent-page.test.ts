import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt } from 'jose';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VRP_BASE_PATH } from '@vrp/open-banking';
import { REDIRECT_URI } from './support/bank.js';
import { accessibilityProblems, launchChromium, screenshot } from './support/browser.js';
import { startWorld, type World } from './support/world.js';

let world: World;
let chromium: Browser;
let context: BrowserContext;
let pisp: Server;
/** The PISP's page the bank sends the browser back to (a local server standing in for the platform). */
let callbackUri: string;

beforeAll(async () => {
  pisp = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<p>Back at the PISP</p>'));
  pisp.listen(0, '127.0.0.1');
  await once(pisp, 'listening');
  callbackUri = `http://127.0.0.1:${(pisp.address() as AddressInfo).port}/v1/bank/callback`;
  [world, chromium] = await Promise.all([
    startWorld({ env: { MODEL_BANK_CLIENT_REDIRECT_URIS: `${REDIRECT_URI},${callbackUri}` } }),
    launchChromium(),
  ]);
  context = await chromium.newContext({ ignoreHTTPSErrors: true, locale: 'en-GB' });
});

afterAll(async () => {
  await context?.close();
  await chromium?.close();
  await world?.close();
  pisp?.close();
});

/** Opens the authorisation URL of a new consent for `customer` in Chromium; the page and what the PISP keeps. */
async function openConsentPage(customer: string, change?: Parameters<World['stagedConsent']>[1]) {
  const { consentId } = await world.stagedConsent(customer, change);
  const auth = await world.client.authorisationRequest(consentId, undefined, { redirect_uri: callbackUri });
  const page = await context.newPage();
  const response = await page.goto(auth.url.toString());
  return { consentId, auth, page, response: response! };
}

async function pressAndReturn(page: Page, button: 'Approve' | 'Decline'): Promise<URL> {
  const back = page.waitForURL((url) => url.toString().startsWith(callbackUri));
  await page.getByRole('button', { name: button, exact: true }).click();
  await back;
  return new URL(page.url());
}

describe('the consent page in Chromium', () => {
  it('names the payee, the amounts, the limits, the validity and the payer’s account, accessibly, under a strict CSP; Approve authorises', async () => {
    const { consentId, auth, page, response } = await openConsentPage(`CU-${randomUUID().slice(0, 8)}`, (r) => {
      r.Data.ControlParameters.ValidToDateTime = '2031-12-31T23:59:59+00:00';
      r.Data.ControlParameters.PeriodicLimits.push({ PeriodType: 'Year', PeriodAlignment: 'Calendar', Amount: '1000.00', Currency: 'GBP' });
    });
    expect(response.status()).toBe(200);
    const csp = response.headers()['content-security-policy']!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/style-src 'nonce-[^']+'/);
    expect(csp).toContain(`form-action 'self' ${new URL(REDIRECT_URI).origin} ${new URL(callbackUri).origin}`);
    expect(await page.getAttribute('html', 'lang')).toBe('en-GB');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Allow Acme Gym to take payments from your account');
    expect(await page.getByText('£50.00', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('£120.00 per month, counted from').isVisible()).toBe(true);
    expect(
      await page.getByText(/£1,000\.00 per calendar year \(£[\d,.]+ until 31 December \d{4}, the rest of the first period\)/).isVisible(),
    ).toBe(true);
    expect(await page.getByText('until 31 December 2031').isVisible()).toBe(true);
    expect(await page.getByText(/Sort code 04-04-00, account \d{8}/).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Approve', exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Decline', exact: true }).isVisible()).toBe(true);
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'consent-page');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'consent-page-narrow');

    const callback = await pressAndReturn(page, 'Approve');
    expect(decodeJwt(callback.searchParams.get('response')!)).toMatchObject({ state: auth.state, code: expect.any(String) });
    const tokens = await world.client.exchange(callback, auth);
    expect(tokens.claims()?.openbanking_intent_id).toBe(consentId);
    await page.close();
  });

  it('Decline sends the browser back with access_denied and leaves the consent RJCT', async () => {
    const { consentId, auth, page } = await openConsentPage(`CU-${randomUUID().slice(0, 8)}`);
    const callback = await pressAndReturn(page, 'Decline');
    expect(decodeJwt(callback.searchParams.get('response')!)).toMatchObject({ error: 'access_denied', state: auth.state });
    const consent = await world.client.call('GET', `${VRP_BASE_PATH}/domestic-vrp-consents/${consentId}`, { token: world.ccToken });
    expect(consent.body.Data.Status).toBe('RJCT');
    await page.close();
  });

  it('shows a page of its own, not a stack trace, for an expired or foreign interaction', async () => {
    const page = await context.newPage();
    const response = await page.goto(`${world.bank.issuer}/interaction/not-a-real-one`);
    expect(response!.status()).toBe(400);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('This request has expired');
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'expired');
    await page.close();
  });
});
