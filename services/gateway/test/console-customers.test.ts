import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '@vrp/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleAccounts } from '../src/db/console-accounts.js';
import { MerchantRepository } from '../src/db/merchants.js';
import { createPool, type SqlPool } from '@vrp/sql';
import { accessibilityProblems, launchChromium, screenshot } from './support/browser.js';
import { consoleUser } from './support/console-client.js';
import { mandateBody } from './support/fixtures.js';
import { startPlatform, type Platform } from './support/platform.js';

/**
 * The Merchant Console's customers in Debian's Chromium against the real platform: the list and
 * its filters, a customer's page with their mandates, an erase refused while a mandate is live and
 * done once it is cancelled, merchant strings shown as text, and another merchant kept out. Each
 * page is checked with axe-core and saved under test-output/console/.
 */

const CONSOLE_BUILD = join(REPO_ROOT, 'packages/console/dist/index.html');
let platform: Platform;
let db: SqlPool;
let browser: Browser;
let accounts: ConsoleAccounts;
let merchants: MerchantRepository;

beforeAll(async () => {
  if (!existsSync(CONSOLE_BUILD)) throw new Error(`${CONSOLE_BUILD} is missing: npm test builds the console (tools/dev/setup.sh)`);
  platform = await startPlatform({ overrides: { SANDBOX_ACTIVATION_DELAY_MS: '3600000' } });
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

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${platform.url}/console/`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

async function checkPage(page: Page, shot: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await screenshot(page, shot);
  expect(await accessibilityProblems(page), `axe on ${shot}`).toEqual([]);
}

/** The value of a labelled fact on an object's page. */
const fact = (page: Page, label: string) =>
  page
    .locator('.fact')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');

/** The ids in the first column of the customer list. */
const listedIds = (page: Page) => page.getByRole('region', { name: 'Customers' }).locator('tbody tr td:first-child').allTextContents();

describe('Customers in the Merchant Console (Chromium)', () => {
  it('lists and filters customers, shows one with their mandates, erases once no mandate is live, and keeps other merchants out', async () => {
    const merchant = await platform.createMerchant({ name: 'Acme Energy' });
    const owner = await consoleUser(accounts, merchants, merchant.id, 'owner@acme-energy.example');
    const api = platform.api(merchant.token);
    const jo = await api.post('/v1/customers', {
      email: 'Jo@Example.com',
      name: '<img src=x onerror="document.title=\'owned\'">',
      reference: 'ACC-1',
      metadata: { note: '<script>alert(1)</script>' },
    });
    const sam = await api.post('/v1/customers', { email: 'sam@example.com', name: 'Sam', reference: 'ACC-2' });
    const payer = await api.post('/v1/sandbox/customers', { sca_completed: true });
    await api.patch(`/v1/customers/${payer.body.id as string}`, { email: 'pat@example.com', name: 'Pat Payer', reference: 'ACC-3' });
    const mandate = await api.post('/v1/mandates', mandateBody(payer.body.id as string, { description: 'Energy plan' }));
    expect([jo.status, sam.status, payer.status, mandate.status]).toEqual([201, 201, 201, 201]);
    const [joId, samId, payerId, mandateId] = [jo.body.id, sam.body.id, payer.body.id, mandate.body.id] as [string, string, string, string];

    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content.Security.Policy|Refused to/i.test(m.text())) problems.push(`CSP: ${m.text()}`);
    });
    await signIn(page, owner.email, owner.password);

    // The list, newest first, then filtered by email (in any case) and by reference.
    await page.getByRole('navigation').getByRole('link', { name: 'Customers', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
    await expect.poll(() => listedIds(page)).toEqual([payerId, samId, joId]);
    await checkPage(page, 'customers');
    const list = page.getByRole('region', { name: 'Customers' });
    await list.getByLabel('Email').fill('jo@EXAMPLE.com');
    await list.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => listedIds(page)).toEqual([joId]);
    expect(new URL(page.url()).searchParams.get('email')).toBe('jo@EXAMPLE.com'); // a filtered list can be shared
    await checkPage(page, 'customers-by-email');
    await list.getByLabel('Email').fill('');
    await list.getByLabel('Reference').fill('ACC-2');
    await list.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => listedIds(page)).toEqual([samId]);
    await list.getByLabel('Reference').fill('nobody');
    await list.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('No customers match.').waitFor();

    // A customer's page: merchant strings are text, never markup.
    await page.goto(`${platform.url}/console/customers/${joId}`);
    await page.getByRole('heading', { level: 1, name: 'Customer' }).waitFor();
    await expect.poll(async () => (await fact(page, 'Email').textContent())?.trim()).toBe('Jo@Example.com');
    await page.getByText('<img src=x onerror="document.title=\'owned\'">').waitFor();
    await page.getByText('<script>alert(1)</script>').waitFor();
    expect(await fact(page, 'SCA').textContent()).toBe('not completed yet');
    await page.getByText('No mandates.').waitFor();
    await checkPage(page, 'customer');
    expect(await page.title()).not.toBe('owned');

    // Pat has a live mandate: the erase is refused, with the API's reason beside the button.
    await page.goto(`${platform.url}/console/customers/${payerId}`);
    const mandates = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Mandate' }) });
    await mandates.getByRole('link', { name: mandateId }).waitFor();
    const erasure = page.getByRole('region', { name: 'Erase customer' });
    await erasure.getByRole('button', { name: 'Erase customer' }).click();
    await erasure.getByRole('button', { name: 'Confirm erase' }).click();
    await expect.poll(() => erasure.getByRole('alert').textContent()).toMatch(/customer_has_active_mandates/);
    await checkPage(page, 'customer-erase-refused');

    // Cancel the mandate from its page (its customer one click away), then erase.
    await mandates.getByRole('link', { name: mandateId }).click();
    await page.getByRole('heading', { level: 1, name: 'Mandate' }).waitFor();
    await page.getByRole('button', { name: 'Cancel mandate' }).click();
    await page.getByRole('button', { name: 'Confirm cancel' }).click();
    await expect.poll(async () => (await fact(page, 'Status').textContent())?.trim()).toBe('revoked');
    await fact(page, 'Customer').getByRole('link', { name: payerId }).click();
    await page.getByRole('heading', { level: 1, name: 'Customer' }).waitFor();
    await expect.poll(async () => (await fact(page, 'Name').textContent())?.trim()).toBe('Pat Payer');
    await erasure.getByRole('button', { name: 'Erase customer' }).click();
    await erasure.getByRole('button', { name: 'Confirm erase' }).click();
    await expect.poll(async () => (await fact(page, 'Erased').textContent())?.trim(), { timeout: 10_000 }).toMatch(/UTC$/);
    for (const label of ['Email', 'Name', 'Reference']) expect((await fact(page, label).textContent())?.trim(), label).toBe('—');
    await page.getByText('No metadata.').waitFor();
    expect(await erasure.count()).toBe(0); // nothing left to erase
    await mandates.getByRole('link', { name: mandateId }).waitFor(); // the mandate stays, revoked
    await checkPage(page, 'customer-erased');
    // In the list, an erased customer shows as such where the email was.
    await page.getByRole('navigation').getByRole('link', { name: 'Customers', exact: true }).click();
    await page
      .getByRole('row', { name: new RegExp(payerId) })
      .getByText('erased', { exact: true })
      .waitFor();
    await checkPage(page, 'customers-one-erased');
    expect((await api.get(`/v1/customers/${payerId}`)).body).toMatchObject({ email: null, name: null, erased_at: expect.any(String) });

    // Another merchant's user sees none of it.
    const rival = await platform.createMerchant({ name: 'Rival Ltd' });
    const rivalUser = await consoleUser(accounts, merchants, rival.id, 'owner@rival.example');
    const other = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const second = await other.newPage();
    await signIn(second, rivalUser.email, rivalUser.password);
    await second.goto(`${platform.url}/console/customers/${joId}`);
    await expect.poll(() => second.getByRole('alert').textContent(), { timeout: 10_000 }).toMatch(/no such|not found/i);
    expect(await second.getByText('Jo@Example.com').count()).toBe(0);
    await second.getByRole('navigation').getByRole('link', { name: 'Customers', exact: true }).click();
    await second.getByText('No customers match.').waitFor();
    await checkPage(second, 'other-merchant-customers');

    expect(problems).toEqual([]);
    await other.close();
    await context.close();
  }, 240_000);
});
