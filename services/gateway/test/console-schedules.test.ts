import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, waitFor } from '@vrp/testing';
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
 * Schedules in the Merchant Console (Debian's Chromium against the real platform): the list, and a
 * schedule's page with its upcoming cycles, the payment its due cycle made, and Pause and Resume.
 * Each page is checked with axe-core and saved under test-output/console/.
 */

const CONSOLE_BUILD = join(REPO_ROOT, 'packages/console/dist/index.html');
let platform: Platform;
let db: SqlPool;
let browser: Browser;
let accounts: ConsoleAccounts;
let merchants: MerchantRepository;

beforeAll(async () => {
  if (!existsSync(CONSOLE_BUILD)) throw new Error(`${CONSOLE_BUILD} is missing: npm test builds the console (tools/dev/setup.sh)`);
  platform = await startPlatform();
  db = createPool(platform.db.url);
  accounts = new ConsoleAccounts(db);
  merchants = new MerchantRepository(db);
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await db?.end();
  await platform?.stop();
});

async function checkPage(page: Page, shot: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await screenshot(page, shot);
  expect(await accessibilityProblems(page), `axe on ${shot}`).toEqual([]);
}

const fact = (page: Page, label: string) =>
  page
    .locator('.fact')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');

describe('Schedules in the Merchant Console (Chromium)', () => {
  it('lists schedules and shows one with its upcoming cycles and the payments it made, paused and resumed', async () => {
    const merchant = await platform.createMerchant({ name: 'Acme Streaming' });
    const owner = await consoleUser(accounts, merchants, merchant.id, 'owner@acme-streaming.example');
    const api = platform.api(merchant.token);
    const created = await api.post('/v1/mandates', mandateBody(await sandboxCustomer(api), { frequency: 'adhoc' }));
    const mandateId = created.body.id as string;
    expect((await api.post(`/v1/sandbox/mandates/${mandateId}/activate`)).status).toBe(200);
    const schedule = await api.post('/v1/schedules', { mandate_id: mandateId, amount: '9.99', interval_unit: 'month' });
    expect(schedule.status, schedule.text).toBe(201);
    const id = schedule.body.id as string;
    // Its first cycle is today's: the scheduler collects it at once.
    const [payment] = await waitFor(async () => {
      const res = await api.get<{ results: { id: string }[] }>(`/v1/payments?schedule_id=${id}`);
      return res.body.results.length ? res.body.results : undefined;
    });

    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    await page.goto(`${platform.url}/console/`);
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();

    await page.getByRole('navigation').getByRole('link', { name: 'Schedules', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Schedules' }).waitFor();
    const list = page.getByRole('region', { name: 'Schedules' });
    await expect.poll(() => list.locator('tbody tr td:first-child').allTextContents()).toEqual([id]);
    await checkPage(page, 'schedules');

    await list.getByRole('link', { name: id }).click();
    await page.getByRole('heading', { level: 1, name: 'Schedule' }).waitFor();
    await expect.poll(async () => (await fact(page, 'Status').textContent())?.trim()).toBe('active');
    expect((await fact(page, 'Collects').textContent())?.trim()).toMatch(/9\.99.* every month/);
    const upcoming = page.getByRole('table', { name: 'Upcoming cycles' });
    expect(await upcoming.locator('tbody tr').count()).toBe(10);
    await expect.poll(() => page.getByRole('link', { name: payment!.id }).count()).toBe(1);
    await checkPage(page, 'schedule');

    await page.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(async () => (await fact(page, 'Status').textContent())?.trim()).toBe('paused');
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect.poll(async () => (await fact(page, 'Status').textContent())?.trim()).toBe('active');
    expect((await api.get(`/v1/schedules/${id}`)).body.status).toBe('active');
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
