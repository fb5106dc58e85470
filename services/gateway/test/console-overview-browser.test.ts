import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { REPO_ROOT } from '@vrp/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleAccounts } from '../src/db/console-accounts.js';
import { MerchantRepository } from '../src/db/merchants.js';
import { createPool, type SqlPool } from '@vrp/sql';
import { accessibilityProblems, launchChromium, screenshot } from './support/browser.js';
import { consoleUser } from './support/console-client.js';
import { startPlatform, type Platform } from './support/platform.js';

/**
 * The Overview's charts are the server's figures, whatever the volume: 2,600 payments settled on
 * one day (more than any page walk the browser could afford) are charted to the penny, a second
 * currency is shown beside the chart and never added to it. Checked with axe; screenshot under
 * test-output/console/.
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

describe('the Console Overview in Chromium', () => {
  it('charts 2,600 payments of one day as the server counts them', async () => {
    const merchant = await platform.createMerchant({ name: 'Volume Ltd' });
    const owner = await consoleUser(new ConsoleAccounts(db), new MerchantRepository(db), merchant.id, 'finance@volume.example');
    // Yesterday: 2,600 GBP payments created; 2,400 settled the same day (1.01 each: 2,424.00), 200 failed.
    // Three days ago: 5 EUR payments settled (12.34 each).
    await sql.query(
      `INSERT INTO payment.payments (id, merchant_id, mandate_id, amount_minor, currency, status, clearing_status, settlement_date, failure_code,
                                     created_at, submitted_at, reference, end_to_end_id)
       SELECT 'PMVOL' || lpad(i::text, 23, '0'), $1, 'MDVOL' || lpad(i::text, 23, '0'),
              CASE WHEN i <= 2600 THEN 101 ELSE 1234 END, CASE WHEN i <= 2600 THEN 'GBP' ELSE 'EUR' END,
              CASE WHEN i <= 2400 OR i > 2600 THEN 'settled' ELSE 'failed' END,
              CASE WHEN i <= 2400 OR i > 2600 THEN 'cleared' ELSE 'rejected' END,
              CASE WHEN i <= 2400 THEN (now() AT TIME ZONE 'UTC')::date - 1 WHEN i > 2600 THEN (now() AT TIME ZONE 'UTC')::date - 3 END,
              CASE WHEN i > 2400 AND i <= 2600 THEN 'insufficient_funds' END,
              date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - CASE WHEN i <= 2600 THEN interval '1 day' ELSE interval '3 days' END
                + (i % 80000) * interval '1 second',
              now(), 'V' || i, 'PMVOL' || lpad(i::text, 23, '0')
         FROM generate_series(1, 2605) i`,
      [merchant.id],
    );
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

    const context = await browser.newContext({ viewport: { width: 1280, height: 1400 } });
    const page = await context.newPage();
    await page.goto(`${platform.url}/console/`);
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();

    const collected = page.getByRole('img', { name: /Collected per day \(GBP\)/ });
    await collected.waitFor();
    // The chart's description and its table: the whole 2,424.00, all on yesterday's row.
    await expect.poll(() => page.locator('svg desc').first().textContent()).toBe('2424.00 GBP collected over 30 days.');
    await page.getByText('Collected per day (GBP): the numbers').click();
    const collectedTable = page.getByRole('group').filter({ hasText: 'Collected per day (GBP): the numbers' }).getByRole('table');
    await expect.poll(() => collectedTable.getByRole('row', { name: new RegExp(yesterday) }).textContent()).toContain('2424.00');
    // 2,400 of 2,600 decided payments succeeded: 92%.
    await page.getByText('Payment success rate (%): the numbers').click();
    const rateTable = page.getByRole('group').filter({ hasText: 'Payment success rate (%): the numbers' }).getByRole('table');
    await expect.poll(() => rateTable.getByRole('row', { name: new RegExp(yesterday) }).textContent()).toContain('92%');
    // EUR is named beside the chart, not added to it.
    await expect.poll(() => page.getByText('Also collected, not added to the chart: 61.70 EUR.').count()).toBe(1);
    await expect.poll(() => page.getByText(/newest 2,000/).count()).toBe(0);

    await page.waitForLoadState('networkidle');
    await screenshot(page, 'overview-volume');
    expect(await accessibilityProblems(page), 'axe on overview-volume').toEqual([]);
    await context.close();
  }, 180_000);
});
