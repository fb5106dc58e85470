import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { generateTestTls, REPO_ROOT, TestReceiver } from '@vrp/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleAccounts } from '../src/db/console-accounts.js';
import { MerchantRepository } from '../src/db/merchants.js';
import { createPool, rows, type SqlPool } from '@vrp/sql';
import { accessibilityProblems, launchChromium, screenshot } from './support/browser.js';
import { consoleUser } from './support/console-client.js';
import { startPlatform, type Platform } from './support/platform.js';

/**
 * The Merchant Console in a real browser (Debian's Chromium driven by playwright-core) against
 * the real platform: every service, Postgres, NATS, and a merchant's HTTPS receiver. One
 * merchant's journey from sign-in to a failed delivery fixed and retried, a revoked token, and a
 * second merchant who cannot see the first one's objects. Each page is checked with axe-core and
 * saved as a screenshot under test-output/console/.
 */

const CONSOLE_BUILD = join(REPO_ROOT, 'packages/console/dist/index.html');
const tls = generateTestTls();
const receiver = new TestReceiver(tls);
let platform: Platform;
let db: SqlPool;
let browser: Browser;
let accounts: ConsoleAccounts;
let merchants: MerchantRepository;

beforeAll(async () => {
  if (!existsSync(CONSOLE_BUILD)) throw new Error(`${CONSOLE_BUILD} is missing: npm test builds the console (tools/dev/setup.sh)`);
  await receiver.start();
  platform = await startPlatform({
    webhookCa: tls.ca,
    overrides: {
      WEBHOOK_ALLOW_INSECURE_LOOPBACK: 'true',
      // Eight quick retries: a receiver that keeps failing makes the event delivery_failed in seconds.
      WEBHOOK_RETRY_SCHEDULE: '100ms,100ms,100ms,100ms,100ms,100ms,100ms,100ms',
      WEBHOOK_BREAKER_VOLUME_THRESHOLD: '1000',
    },
  });
  db = createPool(platform.db.url);
  accounts = new ConsoleAccounts(db);
  merchants = new MerchantRepository(db);
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await db?.end();
  await platform?.stop();
  await receiver.stop();
});

/** A browser tab of its own (cookies included) that fails the test on any CSP violation or page error. */
async function newTab(): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content.Security.Policy|Refused to/i.test(m.text())) problems.push(`CSP: ${m.text()}`);
  });
  return { context, page, problems };
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${platform.url}/console/`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

/** Opens a page from the navigation, checks it with axe and keeps a screenshot. */
async function visit(page: Page, link: string, shot: string): Promise<void> {
  await page.getByRole('navigation').getByRole('link', { name: link, exact: true }).click();
  await page.getByRole('heading', { level: 1 }).waitFor();
  await checkPage(page, shot);
}

async function checkPage(page: Page, shot: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await screenshot(page, shot);
  expect(await accessibilityProblems(page), `axe on ${shot}`).toEqual([]);
}

/** The value of a labelled fact (a <dt>/<dd> pair) on an object's page. */
function fact(page: Page, label: string) {
  return page
    .locator('.fact')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');
}

/** Waits until the fact shows `value` (pages follow a change that lands a moment later). */
async function factBecomes(page: Page, label: string, value: string | RegExp, timeout = 15_000): Promise<void> {
  await expect.poll(async () => (await fact(page, label).textContent())?.trim(), { timeout }).toMatch(value);
}

/** Reloads until `text` shows on the page (the console shows what the API says at load time). */
async function reloadUntil(page: Page, text: string | RegExp, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await page.waitForLoadState('networkidle'); // what shows is the answer to the latest request
    if ((await page.getByText(text).count()) > 0) return;
    if (Date.now() > deadline) throw new Error(`"${String(text)}" never showed on ${page.url()}`);
    await page.waitForTimeout(500);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
  }
}

describe('Merchant Console in Chromium', () => {
  it('takes a merchant from sign-in to a fixed delivery, a revoked token, and keeps other merchants out', async () => {
    const merchant = await platform.createMerchant({ name: 'Acme Energy' });
    const owner = await consoleUser(accounts, merchants, merchant.id, 'owner@acme-energy.example');
    const { page, problems } = await newTab();

    // Signed out, every console address leads to the sign-in form; it is usable from the keyboard.
    await page.goto(`${platform.url}/console/events`);
    await page.getByLabel('Email').waitFor();
    await checkPage(page, 'sign-in');
    await page.getByLabel('Email').focus();
    await page.keyboard.type(owner.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type('not my password');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/email or password/i);
    await page.getByLabel('Password').fill(owner.password);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Events'); // where the user was going
    await visit(page, 'Overview', 'overview');
    await expect.poll(() => page.getByText('Sandbox', { exact: true }).count()).toBeGreaterThan(0);

    // From the keyboard alone: the skip link leads to the page, Tab reaches the navigation.
    const focused = () => page.evaluate<string>("document.activeElement?.textContent?.trim() ?? ''");
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate<string>('document.activeElement?.id')).toBe('content');
    await page.locator('body').focus();
    for (let presses = 0; (await focused()) !== 'API tokens'; presses++) {
      expect(presses, 'Tab reaches "API tokens"').toBeLessThan(15);
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'API tokens' }).waitFor();
    await checkPage(page, 'tokens');

    // A named API token, shown once, that the API accepts (created with the keyboard).
    await page.getByLabel('Name').focus();
    await page.keyboard.type('Billing server');
    await page.keyboard.press('Enter');
    const token = await page.getByLabel('New token').inputValue();
    expect(token).toMatch(/^vrp_sandbox_/);
    await screenshot(page, 'token-created');
    const api = platform.api(token);
    expect((await api.get('/v1/mandates')).status).toBe(200);
    // The list shows when each token was created and last used.
    await page.reload();
    const tokenRow = page.getByRole('row', { name: /Billing server/ });
    await tokenRow.waitFor();
    await expect
      .poll(async () => (await tokenRow.getByRole('cell').allTextContents()).slice(2, 4))
      .toEqual([expect.stringMatching(/UTC$/), expect.stringMatching(/UTC$/)]);
    await checkPage(page, 'tokens-used');

    // An endpoint at a receiver that fails; a test event becomes delivery_failed.
    receiver.behaviour = () => ({ status: 500, body: 'ledger database unavailable' });
    await visit(page, 'Webhook endpoints', 'endpoints');
    await page.getByLabel('URL').fill(receiver.url);
    await page.getByRole('button', { name: 'Add endpoint' }).last().click();
    const secret = await page.getByLabel('New secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    receiver.secrets = [secret];
    await screenshot(page, 'endpoint-created');
    await page.getByRole('link', { name: receiver.url }).first().click();
    await page.getByRole('button', { name: 'Send test event' }).waitFor();
    const endpointId = new URL(page.url()).pathname.split('/').pop()!;
    await checkPage(page, 'endpoint');

    // Edit: the description and the subscription change, the URL stays.
    await page.getByLabel('Endpoint description').fill('Billing events for the ledger');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/^Saved\./).waitFor();
    await expect.poll(() => page.getByText('Billing events for the ledger').count()).toBeGreaterThan(0);
    // Rotation: the new secret is shown once, and both secrets' expiry during the overlap.
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    const rotated = await page.getByLabel('New secret').inputValue();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    receiver.secrets = [secret, rotated];
    await page.getByText('Previous secret stops signing').waitFor();
    await page.getByText('Current secret expires').waitFor();
    await checkPage(page, 'endpoint-rotated');

    // Two test events while the receiver fails: both end delivery_failed after their nine attempts.
    const distinctEvents = () => new Set(receiver.received.map((r) => r.body.event_id)).size;
    await page.getByRole('button', { name: 'Send test event' }).click();
    await page.getByText(/^Test event EV\w+ sent/).waitFor();
    await expect.poll(distinctEvents, { timeout: 15_000 }).toBe(1);
    await page.getByLabel('Test event type').selectOption('mandate.revoked');
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect.poll(distinctEvents, { timeout: 15_000 }).toBe(2);
    const [first, secondEvent] = [...new Set(receiver.received.map((r) => r.body.event_id))] as [string, string];
    expect(receiver.received.every((r) => r.validSignatures >= 1)).toBe(true);

    await visit(page, 'Events', 'events');
    await page.getByLabel('Delivery status').selectOption('delivery_failed');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await reloadUntil(page, secondEvent);
    await reloadUntil(page, first);
    await checkPage(page, 'events-delivery-failed');
    expect(receiver.received.filter((r) => r.body.event_id === first)).toHaveLength(9);

    // The Overview counts them and lists them among the recent failed deliveries.
    await visit(page, 'Overview', 'overview-failed');
    await expect.poll(() => page.getByRole('link', { name: /Events not delivered/ }).textContent()).toBe('2Events not delivered');
    const recentFailures = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Event' }) });
    await recentFailures.getByRole('link', { name: first }).waitFor();
    await recentFailures.getByRole('link', { name: secondEvent }).waitFor();

    // The receiver is fixed; Retry on the event's page delivers it at once.
    receiver.behaviour = () => ({ status: 200 });
    await page.goto(`${platform.url}/console/events/${first}`);
    await factBecomes(page, 'Delivery status', 'delivery_failed');
    // Every attempt with its time, HTTP status, latency and what the receiver answered.
    const attempts = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Latency' }) });
    expect(await attempts.getByRole('columnheader').allTextContents()).toEqual([
      'Attempt',
      'Time',
      'Endpoint',
      'Result',
      'HTTP status',
      'Latency',
      'Response',
    ]);
    expect(await attempts.locator('tbody tr').count()).toBe(9);
    expect(await attempts.locator('tbody tr').first().getByRole('cell').allTextContents()).toEqual([
      '1',
      expect.stringMatching(/UTC$/),
      expect.stringMatching(/^WE/),
      'failed',
      '500',
      expect.stringMatching(/^\d+ ms$/),
      'ledger database unavailable',
    ]);
    await page.getByLabel('Event payload').getByText(`"event_id": "${first}"`).waitFor();
    await checkPage(page, 'event-failed');
    await page.getByRole('button', { name: 'Retry' }).click();
    await reloadUntil(page, 'delivered');
    await factBecomes(page, 'Delivery status', 'delivered');
    expect(receiver.acceptedEventIds().has(first)).toBe(true);
    await checkPage(page, 'event-delivered');

    // Bulk retry of what is still failed today redelivers the other one.
    await visit(page, 'Events', 'events-bulk');
    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel('Failed from').fill(today);
    await page.getByLabel('Failed to').fill(today);
    await page.getByRole('button', { name: 'Retry failed events' }).click();
    await page.getByText('1 failed event queued for redelivery.').waitFor();
    await expect.poll(() => receiver.acceptedEventIds().has(secondEvent), { timeout: 15_000 }).toBe(true);
    const eventId = first;

    // Another endpoint: its URL and events edited, disabled and enabled again, then deleted.
    await visit(page, 'Webhook endpoints', 'endpoints-two');
    await page.getByLabel('URL').fill('http://127.0.0.1:9/old-ledger');
    await page.getByLabel('Signature scheme').selectOption('standard_webhooks');
    await page.getByLabel(/^Rate limit/).fill('5');
    await page.getByRole('button', { name: 'Add endpoint' }).last().click();
    await page.getByLabel('New secret').waitFor();
    await page.getByRole('heading', { name: 'Event types' }).waitFor();
    await page.getByText('payment.settled', { exact: true }).first().waitFor();
    await page.getByRole('link', { name: 'http://127.0.0.1:9/old-ledger' }).first().click();
    await factBecomes(page, 'Signing', 'Standard Webhooks');
    await factBecomes(page, 'Rate limit', '5 deliveries a second');
    await page.getByLabel('Endpoint URL').fill('http://127.0.0.1:9/new-ledger');
    await page.getByRole('checkbox', { name: 'payment.failed' }).check();
    await page.getByRole('checkbox', { name: 'refund.settled' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await factBecomes(page, 'URL', 'http://127.0.0.1:9/new-ledger');
    await factBecomes(page, 'Events', 'payment.failed, refund.settled');
    await page.getByRole('button', { name: 'Disable' }).click();
    await factBecomes(page, 'Status', 'disabled');
    await factBecomes(page, 'Disabled because', 'merchant');
    expect(await page.getByText(/^Saved\./).count()).toBe(0); // the edit's notice went with the next change
    await checkPage(page, 'endpoint-disabled');
    await page.getByRole('button', { name: 'Enable' }).click();
    await factBecomes(page, 'Status', 'enabled');
    await page.getByRole('button', { name: 'Delete endpoint' }).click();
    await page.getByRole('button', { name: 'Confirm delete' }).click();
    await page.getByRole('heading', { level: 1, name: 'Webhook endpoints' }).waitFor();
    await page.getByRole('link', { name: receiver.url }).first().waitFor();
    expect(await page.getByText('new-ledger').count()).toBe(0);

    // Revoking the token in the console: the API refuses it (within the 1 s token cache).
    await visit(page, 'API tokens', 'tokens-before-revoke');
    await page
      .getByRole('row', { name: /Billing server/ })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await reloadUntil(page, /revoked/i);
    await expect.poll(async () => (await api.get('/v1/mandates')).status, { timeout: 5000 }).toBe(401);

    // Objects made through the API show in the console with their links.
    const customer = await platform.api(merchant.token).post('/v1/sandbox/customers', { sca_completed: true });
    const mandate = await platform.api(merchant.token).post('/v1/mandates', {
      customer_id: customer.body.id,
      maximum_amount: '50.00',
      currency: 'GBP',
      frequency: 'adhoc',
      description: '<img src=x onerror="document.title=\'owned\'">',
      metadata: { plan: '<script>alert(1)</script>' },
      controls: {
        valid_to: '2099-01-01T00:00:00Z',
        periodic_limits: [{ period: 'month', alignment: 'consent', max_amount: '120.00', max_payments: 4 }],
      },
    });
    expect(mandate.status, mandate.text).toBe(201);
    for (const [link, shot] of [
      ['Mandates', 'mandates'],
      ['Payments', 'payments'],
      ['Refunds', 'refunds'],
      ['Overview', 'overview-after'],
    ] as const)
      await visit(page, link, shot);
    await visit(page, 'Mandates', 'mandates-list');
    await page.getByRole('link', { name: mandate.body.id as string }).click();
    await page.getByText('<script>alert(1)</script>').waitFor(); // merchant strings are text, never markup
    // Its VRP controls with the current period's usage.
    await page.getByRole('heading', { name: 'Controls and usage' }).waitFor();
    await page.getByRole('cell', { name: 'month (consent)' }).waitFor();
    await page.getByRole('cell', { name: '0 of 4' }).waitFor();
    await page.getByRole('heading', { name: 'Timeline' }).waitFor();
    await checkPage(page, 'mandate');
    expect(await page.title()).not.toBe('owned');
    const mandateId = mandate.body.id as string;

    // Sandbox tools act as the customer's bank: activate, suspend (on the timeline), reinstate.
    const tools = page.getByRole('region', { name: 'Sandbox tools' });
    await tools.getByRole('button', { name: 'Activate' }).click();
    await factBecomes(page, 'Status', 'active');
    await tools.getByRole('button', { name: 'Suspend' }).click();
    await factBecomes(page, 'Status', 'suspended');
    await page.locator('.timeline').getByText('suspended').waitFor();
    await checkPage(page, 'mandate-suspended');
    await tools.getByRole('button', { name: 'Reinstate' }).click();
    await factBecomes(page, 'Status', 'active');

    // A payment made through the API: settled from the console, then part-refunded and the refund settled.
    const merchantApi = platform.api(merchant.token);
    const paid = await merchantApi.post('/v1/payments', { mandate_id: mandateId, amount: '42.50', currency: 'GBP' });
    expect(paid.status, paid.text).toBe(201);
    const paymentId = paid.body.id as string;
    await visit(page, 'Payments', 'payments-one');
    await page.getByRole('link', { name: paymentId }).click();
    await factBecomes(page, 'Status', 'submitted');
    await page.getByRole('region', { name: 'Sandbox tools' }).getByRole('button', { name: 'Settle' }).click();
    await factBecomes(page, 'Status', 'settled');
    await page.getByRole('link', { name: mandateId }).first().waitFor(); // its mandate, one click away
    await page.getByRole('heading', { name: 'Its mandate’s controls and usage' }).waitFor();
    await page.getByRole('cell', { name: '1 of 4' }).waitFor();
    await page.getByLabel(/^Amount/).fill('10.00');
    await page.getByLabel('Reason').fill('<b>goodwill</b>');
    await page.getByRole('button', { name: 'Create refund' }).click();
    await page
      .getByRole('status')
      .getByText(/Refund RF\w+ created for 10\.00 GBP/)
      .waitFor();
    await factBecomes(page, 'Refunded', '10.00 GBP');
    await checkPage(page, 'payment-refunded');
    await page.getByRole('status').getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: 'Refund' }).waitFor();
    await factBecomes(page, 'Reason', '<b>goodwill</b>');
    await page.getByRole('link', { name: paymentId }).waitFor(); // back to its payment
    await page.getByRole('button', { name: 'Settle refund' }).click();
    await factBecomes(page, 'Status', 'settled');
    await checkPage(page, 'refund');
    await visit(page, 'Refunds', 'refunds-one');
    await page.getByRole('link', { name: paymentId }).waitFor();

    // Another payment failed by the bank and retried from the console.
    const retried = await merchantApi.post('/v1/payments', { mandate_id: mandateId, amount: '7.25', currency: 'GBP' });
    expect(retried.status, retried.text).toBe(201);
    await page.goto(`${platform.url}/console/payments/${retried.body.id as string}`);
    await page.getByLabel('Failure code').selectOption('insufficient_funds');
    await page.getByRole('button', { name: 'Fail payment' }).click();
    await factBecomes(page, 'Status', 'failed');
    await factBecomes(page, 'Failure', 'insufficient_funds');
    await checkPage(page, 'payment-failed');
    await page.getByRole('button', { name: 'Retry payment' }).click();
    await factBecomes(page, 'Retries', '1');
    await factBecomes(page, 'Status', 'submitted');

    // Back on the mandate: both payments count in the month's usage; revoked by the bank at last.
    await page.getByRole('link', { name: mandateId }).first().click();
    await page.getByRole('cell', { name: '2 of 4' }).waitFor();
    await page.getByRole('cell', { name: '49.75 GBP of 120.00 GBP' }).waitFor();
    await checkPage(page, 'mandate-used');
    await page.getByRole('region', { name: 'Sandbox tools' }).getByRole('button', { name: 'Revoke by bank' }).click();
    await factBecomes(page, 'Status', 'revoked');
    await page.locator('.timeline').getByText('by bank').waitFor();
    await checkPage(page, 'mandate-revoked');

    // Events page by page: ten rows a page, Next and Previous follow the API's cursors.
    await visit(page, 'Events', 'events-all');
    await page.getByLabel('Rows per page').selectOption('10');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const nextPage = page.getByRole('button', { name: 'Next page' });
    for (let tries = 0; !(await nextPage.isEnabled()); tries++) {
      expect(tries, 'a second page of events').toBeLessThan(30);
      await page.waitForTimeout(500);
      await page.reload();
      await page.waitForLoadState('networkidle');
    }
    const eventIds = () => page.getByRole('region', { name: 'Events' }).locator('tbody tr td:first-child').allTextContents();
    const firstPage = await eventIds();
    expect(firstPage).toHaveLength(10);
    await nextPage.click();
    await expect.poll(async () => (await eventIds())[0]).not.toBe(firstPage[0]);
    const secondPage = await eventIds();
    expect(secondPage.filter((id) => firstPage.includes(id))).toEqual([]);
    await checkPage(page, 'events-page-2');
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect.poll(eventIds).toEqual(firstPage);

    // The team: a teammate invited from the console joins with the link and sees the same merchant.
    await visit(page, 'Team', 'team');
    await page.getByLabel('Teammate’s email').fill('finance@acme-energy.example');
    await page.getByRole('button', { name: 'Invite' }).click();
    const inviteUrl = await page.getByLabel('Invitation link').inputValue();
    // The link points at the platform's configured public address, never at the request's Host.
    expect(inviteUrl).toMatch(/^https:\/\/console\.platform\.test\/console\/accept-invite#token=/);
    await checkPage(page, 'team-invited');
    const teammate = await newTab();
    const link = new URL(inviteUrl);
    await teammate.page.goto(`${platform.url}${link.pathname}${link.hash}`);
    const [mail] = await rows<{ body: string }>(db, 'SELECT body FROM gateway.console_mail_outbox WHERE to_address = $1 LIMIT 1', [
      'finance@acme-energy.example',
    ]);
    await teammate.page.getByLabel('Code from the email').fill(/enter this code: (\d{8})/.exec(mail!.body)![1]!);
    await teammate.page.getByLabel('Password').fill('a long teammate password');
    await checkPage(teammate.page, 'accept-invite');
    await teammate.page.getByRole('button', { name: 'Create account' }).click();
    await teammate.page.getByText('finance@acme-energy.example').waitFor();
    await teammate.page.getByText('Acme Energy').first().waitFor();
    await teammate.context.close();

    // Time travel: the overview's sandbox clock moves two days on; the API reads the same clock.
    const clockNow = async () => Date.parse((await merchantApi.get('/v1/sandbox/clock')).body.now as string);
    const before = await clockNow();
    await visit(page, 'Overview', 'overview-clock');
    const clock = page.getByRole('region', { name: 'Sandbox clock' });
    await clock.getByLabel('Advance by').fill('2');
    await clock.getByLabel('Unit').selectOption('days');
    await clock.getByRole('button', { name: 'Advance clock' }).click();
    await clock
      .getByRole('status')
      .getByText(/^The clock now reads/)
      .waitFor();
    expect((await clockNow()) - before).toBeGreaterThanOrEqual(2 * 86_400_000);
    await expect.poll(async () => (await fact(page, 'Offset').textContent())?.trim()).toMatch(/^2 days ahead of real time$/);
    await clock.getByLabel('Advance by').fill('401');
    await clock.getByRole('button', { name: 'Advance clock' }).click();
    await clock.getByRole('alert').getByText('One advance moves the clock at most 400 days.').waitFor();
    await checkPage(page, 'overview-clock-advanced');

    // A second merchant's user cannot open the first one's objects, nor see them in lists.
    const rival = await platform.createMerchant({ name: 'Rival Ltd' });
    const rivalUser = await consoleUser(accounts, merchants, rival.id, 'owner@rival.example');
    const second = await newTab();
    await signIn(second.page, rivalUser.email, rivalUser.password);
    await second.page.goto(`${platform.url}/console/mandates/${mandate.body.id as string}`);
    await expect.poll(() => second.page.getByRole('alert').textContent(), { timeout: 10_000 }).toMatch(/no such|not found/i);
    await expect.poll(() => second.page.getByText(mandate.body.id as string).count()).toBeLessThanOrEqual(1);
    for (const path of [`events/${eventId}`, `payments/${paymentId}`]) {
      await second.page.goto(`${platform.url}/console/${path}`);
      await expect.poll(() => second.page.getByRole('alert').textContent(), { timeout: 10_000 }).toMatch(/no such|not found/i);
    }
    await visit(second.page, 'Payments', 'other-merchant-payments');
    await second.page.getByText('No payments match.').waitFor();
    await screenshot(second.page, 'other-merchant-refused');

    // Production: the same console, badge and all, without any sandbox tool.
    const production = await platform.startGateway({
      VRP_ENV: 'production',
      CURSOR_SECRET: 'a-private-cursor-secret-of-32-characters-or-more',
      // What production shows, not its sign-in: owners' two-factor requirement has its own tests (console-teams).
      CONSOLE_OWNER_TWO_FACTOR: 'false',
    });
    const live = await newTab();
    await live.page.goto(`${production.url}/console/mandates/${mandate.body.id as string}`);
    await live.page.getByLabel('Email').fill(owner.email);
    await live.page.getByLabel('Password').fill(owner.password);
    await live.page.getByRole('button', { name: 'Sign in' }).click();
    await live.page.getByText('Production', { exact: true }).first().waitFor();
    await live.page
      .getByText(mandate.body.id as string)
      .first()
      .waitFor();
    expect(await live.page.getByRole('region', { name: 'Sandbox tools' }).count()).toBe(0);
    expect(await live.page.getByRole('button', { name: 'Activate' }).count()).toBe(0);
    await checkPage(live.page, 'production-mandate');
    await live.page.goto(`${production.url}/console/webhooks/${endpointId}`);
    await live.page.getByRole('button', { name: 'Rotate secret' }).waitFor();
    expect(await live.page.getByRole('button', { name: 'Send test event' }).count()).toBe(0);
    await visit(live.page, 'Overview', 'production-overview');
    expect(await live.page.getByRole('region', { name: 'Sandbox clock' }).count()).toBe(0);

    // Signing out ends the session: the console asks for a password again.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Email').waitFor();
    expect([...problems, ...teammate.problems, ...second.problems, ...live.problems]).toEqual([]);
  }, 480_000);
});
