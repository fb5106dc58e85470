import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { REPO_ROOT } from '@vrp/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleAccounts } from '../src/db/console-accounts.js';
import { MerchantRepository } from '../src/db/merchants.js';
import { createPool, type SqlPool } from '@vrp/sql';
import { accessibilityProblems, launchChromium, screenshot } from './support/browser.js';
import { consoleUser } from './support/console-client.js';
import { mandateBody, sandboxCustomer } from './support/fixtures.js';
import { startPlatform, type Platform } from './support/platform.js';

/**
 * The finance side of the Console in Chromium: the Overview's charts of the last 30 days (SVG with
 * their numbers in a table), and "Export CSV" on a filtered list exporting what the filters select.
 * Checked with axe; screenshots under test-output/console/.
 */

const CONSOLE_BUILD = join(REPO_ROOT, 'packages/console/dist/index.html');
let platform: Platform;
let db: SqlPool;
let sql: pg.Client;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(CONSOLE_BUILD)) throw new Error(`${CONSOLE_BUILD} is missing: npm test builds the console (tools/dev/setup.sh)`);
  platform = await startPlatform();
  db = createPool(platform.db.url);
  sql = new pg.Client({ connectionString: platform.db.url });
  await sql.connect();
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await sql?.end();
  await db?.end();
  await platform?.stop();
});

async function checkPage(page: Page, shot: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await screenshot(page, shot);
  expect(await accessibilityProblems(page), `axe on ${shot}`).toEqual([]);
}

describe('Console finance in Chromium', () => {
  it('charts the last 30 days on the Overview and exports a filtered list as CSV', async () => {
    const merchant = await platform.createMerchant({ name: 'Ledger Ltd' });
    const owner = await consoleUser(new ConsoleAccounts(db), new MerchantRepository(db), merchant.id, 'finance@ledger.example');
    // Payments over the last 30 days: settled every day (1.00 more each day), a failed one every third day.
    await sql.query(
      `INSERT INTO payment.payments (id, merchant_id, mandate_id, amount_minor, currency, status, clearing_status, settlement_date, failure_code,
                                     created_at, submitted_at, metadata, reference, end_to_end_id)
       SELECT 'PM' || lpad(i::text, 26, '0'), $1, 'MD' || lpad(i::text, 26, '0'), CASE WHEN i % 3 = 0 THEN 500 ELSE 100 * i END, 'GBP',
              CASE WHEN i % 3 = 0 THEN 'failed' ELSE 'settled' END, CASE WHEN i % 3 = 0 THEN 'rejected' ELSE 'cleared' END,
              CASE WHEN i % 3 = 0 THEN NULL ELSE current_date - (30 - i) END, CASE WHEN i % 3 = 0 THEN 'insufficient_funds' END,
              now() - (30 - i) * interval '1 day', now(), jsonb_build_object('team', CASE WHEN i % 2 = 0 THEN 'north' ELSE 'south' END),
              'INV ' || i, 'PM' || lpad(i::text, 26, '0')
         FROM generate_series(1, 30) i`,
      [merchant.id],
    );
    // A few events (mandate.created), delivered (the merchant has no endpoint).
    const api = platform.api(merchant.token);
    const customer = await sandboxCustomer(api);
    for (let i = 0; i < 3; i++) expect((await api.post('/v1/mandates', mandateBody(customer))).status).toBe(201);

    const context = await browser.newContext({ viewport: { width: 1280, height: 1400 }, acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(`${platform.url}/console/`);
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();

    // The Overview: three charts, each an SVG image with a name and a description, and its numbers as a table.
    await page.getByRole('img', { name: /Collected per day \(GBP\)/ }).waitFor();
    for (const name of [/Collected per day/, /Payment success rate/, /Webhook delivery health/]) {
      await expect.poll(() => page.getByRole('img', { name }).count()).toBe(1);
    }
    // Settled on the 20 days whose i is not a multiple of 3, i pounds each: 465 - 3 x 55 = 300.
    const collectedTotal = 300;
    await expect.poll(() => page.getByRole('img', { name: /Collected per day/ }).getAttribute('aria-labelledby')).toBeTruthy();
    await expect
      .poll(() => page.locator('svg desc').first().textContent())
      .toBe(`${collectedTotal.toFixed(2)} GBP collected over 30 days.`);
    await page.getByText('Payment success rate (%): the numbers').click();
    const rateTable = page.getByRole('group').filter({ hasText: 'Payment success rate (%): the numbers' }).getByRole('table');
    await expect.poll(() => rateTable.getByRole('row').count()).toBe(31);
    await expect.poll(async () => (await rateTable.getByRole('cell', { name: '0%' }).count()) > 0).toBe(true);
    await expect.poll(async () => (await rateTable.getByRole('cell', { name: '100%' }).count()) > 0).toBe(true);
    await checkPage(page, 'overview-charts');

    // Settled payments only: the export holds exactly those (20 of 30), in major units with their currency.
    await page.getByRole('navigation').getByRole('link', { name: 'Payments', exact: true }).click();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByLabel('Status').selectOption('settled');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const link = page.getByRole('link', { name: /Download CSV \(20 rows\)/ });
    await link.waitFor({ timeout: 30_000 });
    await checkPage(page, 'payments-export-csv');
    const href = await link.getAttribute('href');
    const file = await page.evaluate(async (url) => (await fetch(url!)).text(), href);
    const lines = file.trimEnd().split('\r\n');
    expect(lines[0]!.startsWith('id,created_at,mandate_id,status,amount,currency,')).toBe(true);
    expect(lines).toHaveLength(21);
    expect(lines.slice(1).every((l) => /,settled,\d+\.\d\d,GBP,/.test(l))).toBe(true);
    await context.close();
  }, 180_000);
});
