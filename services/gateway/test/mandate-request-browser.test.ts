import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateTestTls, TestReceiver, waitFor } from '@vrp/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from './support/api.js';
import { ConsoleAccounts } from '../src/db/console-accounts.js';
import { createPool } from '@vrp/sql';
import { MerchantRepository } from '../src/db/merchants.js';
import { accessibilityProblems, launchChromium, screenshot } from './support/browser.js';
import { consoleUser } from './support/console-client.js';
import { startPlatform, type Platform } from './support/platform.js';

// The customer's consent journey in a real browser, page by page: the merchant creates a mandate
// request through the API, the customer opens its authorisation_url, sees the payee and the
// maximum amount on the model bank's consent page, approves, and lands on the merchant's
// redirect_uri with outcome=success; the mandate is then active and the three events reach the
// merchant's HTTPS webhook endpoint.
const tls = generateTestTls();
const receiver = new TestReceiver(tls);
let platform: Platform;
let api: Api;
let merchantId: string;
let browser: Browser;
let merchantSite: Server;
let merchantUrl: string;

beforeAll(async () => {
  await receiver.start();
  platform = await startPlatform({ webhookCa: tls.ca, overrides: { WEBHOOK_ALLOW_INSECURE_LOOPBACK: 'true' } });
  const merchant = await platform.createMerchant({ name: 'Acme Gym' });
  merchantId = merchant.id;
  api = platform.api(merchant.token);
  // The merchant's own page the customer returns to (sandbox accepts http://127.0.0.1 return addresses).
  merchantSite = createServer((_req, res) => res.end('<!doctype html><title>Back at Acme Gym</title><h1>Thanks</h1>'));
  await new Promise<void>((resolve) => merchantSite.listen(0, '127.0.0.1', resolve));
  merchantUrl = `http://127.0.0.1:${(merchantSite.address() as AddressInfo).port}/mandates/done`;
  browser = await launchChromium();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  merchantSite?.close();
  await platform?.stop();
  await receiver.stop();
}, 60_000);

describe('the consent journey in Chromium', { timeout: 90_000 }, () => {
  it('goes from the authorisation link through the bank’s Approve back to the merchant, and the mandate is active', async () => {
    const endpoint = await api.post('/v1/webhook-endpoints', {
      url: receiver.url,
      enabled_events: ['mandate.created', 'mandate.activated', 'mandate_request.authorised'],
    });
    expect(endpoint.status, endpoint.text).toBe(201);
    receiver.secrets = [endpoint.body.secret as string];
    const created = await api.post('/v1/mandate-requests', {
      customer: { email: 'jo@example.com', name: 'Jo Bloggs' },
      maximum_amount: '42.50',
      currency: 'GBP',
      frequency: 'monthly',
      description: 'Gym membership',
      redirect_uri: merchantUrl,
    });
    expect(created.status, created.text).toBe(201);
    const request = created.body;

    // The model bank's certificate comes from a throwaway CA of the test platform.
    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    const page = await context.newPage();
    const callbacks: string[] = [];
    page.on('request', (r) => r.url().includes('/v1/bank/callback') && callbacks.push(r.url()));
    await page.goto(request.authorisation_url as string);
    await page.getByRole('button', { name: 'Approve' }).waitFor();
    const consentPage = await page.locator('body').innerText();
    expect(consentPage).toContain('Acme Gym');
    expect(consentPage).toMatch(/42\.50/);
    await screenshot(page, 'model-bank-consent');

    await Promise.all([page.waitForURL((url) => url.href.startsWith(merchantUrl)), page.getByRole('button', { name: 'Approve' }).click()]);
    const landed = new URL(page.url());
    expect(landed.searchParams.get('mandate_request_id')).toBe(request.id);
    expect(landed.searchParams.get('outcome')).toBe('success');
    const mandateId = landed.searchParams.get('mandate_id')!;
    expect(mandateId).toMatch(/^MD/);
    await context.close();

    // The bank's answer replayed (its code used already) is refused, and changes nothing.
    expect(callbacks).toHaveLength(1);
    const replayed = await fetch(callbacks[0]!, { redirect: 'manual' });
    expect(replayed.status).toBe(400);
    expect(((await replayed.json()) as { error: { code: string } }).error.code).toBe('validation_error');

    expect((await api.get(`/v1/mandate-requests/${request.id}`)).body).toMatchObject({ status: 'authorised', mandate_id: mandateId });
    expect((await api.get(`/v1/mandates/${mandateId}`)).body).toMatchObject({ status: 'active', mandate_request_id: request.id });
    const delivered = await waitFor(
      () => {
        const types = receiver.received
          .filter((r) => r.answeredWith < 300 && r.validSignatures > 0)
          .map((r) => r.body.event_type as string);
        return types.length >= 3 ? types : undefined;
      },
      { what: 'three signed deliveries', timeoutMs: 20_000 },
    );
    expect([...new Set(delivered)].sort()).toEqual(['mandate.activated', 'mandate.created', 'mandate_request.authorised']);
    expect(delivered).toHaveLength(3);
    const authorised = receiver.received.find((r) => r.body.event_type === 'mandate_request.authorised')!.body.data as Record<
      string,
      unknown
    >;
    expect(authorised).toMatchObject({ id: request.id, status: 'authorised', mandate_id: mandateId });
  });

  it('sends a customer who approves after the request expired back with outcome=expired, and makes no mandate', async () => {
    const created = await api.post('/v1/mandate-requests', {
      customer: { name: 'Sam Late' },
      maximum_amount: '10.00',
      currency: 'GBP',
      frequency: 'monthly',
      redirect_uri: merchantUrl,
    });
    expect(created.status, created.text).toBe(201);
    const request = created.body;
    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    const page = await context.newPage();
    await page.goto(request.authorisation_url as string);
    await page.getByRole('button', { name: 'Approve' }).waitFor();
    expect((await api.post(`/v1/sandbox/mandate-requests/${request.id}/expire`)).body).toMatchObject({ status: 'expired' });
    await Promise.all([page.waitForURL((url) => url.href.startsWith(merchantUrl)), page.getByRole('button', { name: 'Approve' }).click()]);
    const landed = new URL(page.url());
    await context.close();
    expect(landed.searchParams.get('mandate_request_id')).toBe(request.id);
    expect(landed.searchParams.get('outcome')).toBe('expired');
    expect(landed.searchParams.get('mandate_id')).toBeNull();
    expect((await api.get(`/v1/mandate-requests/${request.id}`)).body).toMatchObject({ status: 'expired', mandate_id: null });
  });

  it('lists the mandate requests in the Merchant Console, with their status and mandate', async () => {
    const db = createPool(platform.db.url);
    try {
      const user = await consoleUser(new ConsoleAccounts(db), new MerchantRepository(db), merchantId, 'owner@acme-gym.example');
      const page = await browser.newPage();
      await page.goto(`${platform.url}/console/`);
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Password').fill(user.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('link', { name: 'Mandate requests' }).click();
      const rows = page.getByRole('region', { name: 'Mandate requests' }).locator('tbody tr');
      await rows.first().waitFor();
      const listed = (await rows.allTextContents()).join('\n');
      expect(listed).toContain('authorised');
      expect(listed).toContain('expired');
      await page.waitForLoadState('networkidle');
      await screenshot(page, 'console-mandate-requests');
      expect(await accessibilityProblems(page)).toEqual([]);
      await page.close();
    } finally {
      await db.end();
    }
  });
});
