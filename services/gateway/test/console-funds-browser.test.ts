import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '@vrp/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleAccounts } from '../src/db/console-accounts.js';
import { MerchantRepository } from '../src/db/merchants.js';
import { createPool, type SqlPool } from '@vrp/sql';
import type { Api } from './support/api.js';
import { accessibilityProblems, launchChromium, screenshot } from './support/browser.js';
import { consoleUser } from './support/console-client.js';
import { mandateBody, sandboxCustomer } from './support/fixtures.js';
import { startPlatform, type Platform } from './support/platform.js';

/**
 * "Check funds" on a mandate's page in Chromium, against the real platform and the model bank:
 * the bank's answer for an amount the account covers and one it does not, a malformed amount, a
 * mandate that is no longer active (before and after the page was loaded). Checked with axe;
 * screenshots under test-output/console/.
 */

const CONSOLE_BUILD = join(REPO_ROOT, 'packages/console/dist/index.html');
let platform: Platform;
let db: SqlPool;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(CONSOLE_BUILD)) throw new Error(`${CONSOLE_BUILD} is missing: npm test builds the console (tools/dev/setup.sh)`);
  platform = await startPlatform();
  db = createPool(platform.db.url);
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await db?.end();
  await platform?.stop();
});

async function checkPage(page: Page, shot: string): Promise<string> {
  await page.waitForLoadState('networkidle');
  const path = await screenshot(page, shot);
  expect(await accessibilityProblems(page), `axe on ${shot}`).toEqual([]);
  return path;
}

/** An active mandate whose customer's account at the model bank holds `balance`. */
async function activeMandate(api: Api, balance: string): Promise<string> {
  const customer = await sandboxCustomer(api);
  const created = await api.post('/v1/mandates', mandateBody(customer));
  const id = created.body.id as string;
  expect((await api.post(`/v1/sandbox/mandates/${id}/activate`)).body).toMatchObject({ status: 'active' });
  expect((await api.post(`/v1/sandbox/customers/${customer}/balance`, { amount: balance })).status).toBe(200);
  return id;
}

describe('Check funds in the Console', () => {
  it('asks the bank about an amount under an active mandate and shows its answer; refuses what cannot be asked', async () => {
    const merchant = await platform.createMerchant({ name: 'Funds Ltd', payoutCurrency: 'GBP' });
    const owner = await consoleUser(new ConsoleAccounts(db), new MerchantRepository(db), merchant.id, 'owner@funds.example');
    const api = platform.api(merchant.token);
    const id = await activeMandate(api, '50.00');

    const context = await browser.newContext({ viewport: { width: 1280, height: 1100 } });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
    await page.goto(`${platform.url}/console/`);
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.goto(`${platform.url}/console/mandates/${id}`);

    const funds = page.getByRole('region', { name: 'Check funds' });
    const amount = funds.getByLabel('Amount (GBP)');
    const check = funds.getByRole('button', { name: 'Check funds' });
    await amount.fill('20.00');
    await check.click();
    await expect
      .poll(() => funds.getByRole('status').textContent())
      .toMatch(/^Funds available: the account can cover 20\.00 GBP\. Checked at /);
    expect(await funds.getByRole('status').locator('time').getAttribute('datetime')).toMatch(/Z$/);
    const shot = await checkPage(page, 'mandate-funds-available');

    await amount.fill('80.00');
    await check.click();
    await expect
      .poll(() => funds.getByRole('status').textContent())
      .toMatch(/^Funds not available: the account cannot cover 80\.00 GBP now\./);
    await checkPage(page, 'mandate-funds-not-available');

    // A malformed amount is refused before the bank is asked.
    await amount.fill('twenty');
    await check.click();
    await expect.poll(() => funds.getByRole('alert').textContent()).toBe('Enter an amount in GBP greater than zero, such as 25.00.');
    expect(await funds.getByRole('status').count()).toBe(0);
    await amount.fill('0.00');
    await check.click();
    await expect.poll(() => funds.getByRole('alert').textContent()).toContain('greater than zero');
    await amount.fill('1.505');
    await check.click();
    await expect.poll(() => funds.getByRole('alert').textContent()).toContain('such as 25.00');
    await checkPage(page, 'mandate-funds-bad-amount');

    // Revoked since the page was loaded: the API's refusal is shown.
    expect((await api.post(`/v1/mandates/${id}/cancel`)).status).toBe(200);
    await amount.fill('10.00');
    await check.click();
    await expect.poll(() => funds.getByRole('alert').textContent()).toContain('mandate_not_active');
    await checkPage(page, 'mandate-funds-not-active');

    // Loaded revoked: no form, a note saying why.
    await page.reload();
    await funds.getByRole('note').waitFor();
    expect(await funds.getByRole('note').textContent()).toBe('Funds can be checked only under an active mandate; this one is revoked.');
    expect(await funds.getByRole('button', { name: 'Check funds' }).count()).toBe(0);
    await checkPage(page, 'mandate-funds-revoked');
    expect(pageErrors).toEqual([]);
    await context.close();
    console.log(`screenshot: ${shot}`);
  }, 180_000);
});
