import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '@vrp/testing';
import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleAccounts } from '../src/db/console-accounts.js';
import { MerchantRepository } from '../src/db/merchants.js';
import { createPool, rows, type SqlPool } from '@vrp/sql';
import { accessibilityProblems, launchChromium, screenshot } from './support/browser.js';
import { consoleUser, PASSWORD } from './support/console-client.js';
import { startPlatform, type Platform } from './support/platform.js';

/**
 * A finance team in the Merchant Console, in Chromium: an owner invites a developer, who joins
 * with the code mailed to them and sets up two-factor sign-in, then signs in with a code; a viewer
 * sees no buttons that change anything; the owner removes the viewer, whose open tab is signed
 * out on its next request; the audit log shows all of it. Screenshots under test-output/console/.
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

async function newTab(): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content.Security.Policy|Refused to/i.test(m.text())) problems.push(`CSP: ${m.text()}`);
  });
  return { page, problems };
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${platform.url}/console/`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function visit(page: Page, link: string, shot: string): Promise<void> {
  await page.getByRole('navigation').getByRole('link', { name: link, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: link === 'Webhook endpoints' ? 'Webhook endpoints' : link }).waitFor();
  await page.waitForLoadState('networkidle');
  await screenshot(page, shot);
  expect(await accessibilityProblems(page), `axe on ${shot}`).toEqual([]);
}

const totp = (secret: string, at = Date.now()) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

describe('Console teams in Chromium', () => {
  it('invite → code → accept; two-factor set up and used; a viewer sees no changes; a removed user is signed out; the audit log', async () => {
    const merchant = await platform.createMerchant({ name: 'Acme Finance' });
    const owner = await consoleUser(accounts, merchants, merchant.id, 'owner@acme-finance.example', 'owner');
    const viewer = await consoleUser(accounts, merchants, merchant.id, 'viewer@acme-finance.example', 'viewer');

    // The owner invites a developer.
    const o = await newTab();
    await signIn(o.page, owner.email, owner.password);
    await o.page.getByRole('button', { name: 'Sign out', exact: true }).waitFor();
    await visit(o.page, 'Team', 'team');
    await o.page.getByLabel('Teammate’s email').fill('dev@acme-finance.example');
    await o.page.getByLabel('Role').selectOption('developer');
    await o.page.getByRole('button', { name: 'Invite' }).click();
    const link = await o.page.getByLabel('Invitation link').inputValue();
    expect(new URL(link).origin).toBe('https://console.platform.test');
    await o.page.getByText('dev@acme-finance.example as developer').waitFor();
    await screenshot(o.page, 'team-invited');

    // The invitee opens the link (here: on this gateway) and types the code from the email.
    const [mail] = await rows<{ body: string }>(db, 'SELECT body FROM gateway.console_mail_outbox WHERE to_address = $1 LIMIT 1', [
      'dev@acme-finance.example',
    ]);
    const code = /enter this code: (\d{8})/.exec(mail!.body)![1]!;
    const d = await newTab();
    const url = new URL(link);
    await d.page.goto(`${platform.url}${url.pathname}${url.hash}`);
    await d.page.getByLabel('Code from the email').fill(code === '00000000' ? '11111111' : '00000000');
    await d.page.getByLabel('Password').fill('the developer password');
    await d.page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => d.page.getByRole('alert').textContent()).toMatch(/code/i);
    await screenshot(d.page, 'accept-invite-wrong-code');
    await d.page.getByLabel('Code from the email').fill(code);
    await d.page.getByRole('button', { name: 'Create account' }).click();
    await d.page.getByRole('button', { name: 'Sign out', exact: true }).waitFor();

    // The developer sets up two-factor sign-in with an authenticator (otpauth computes the codes).
    await visit(d.page, 'Account', 'account');
    await d.page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const secret = await d.page.getByLabel('Secret key').inputValue();
    await d.page.getByLabel('Authentication code').fill(totp(secret));
    await screenshot(d.page, 'two-factor-setup');
    await d.page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    const recovery = await d.page.getByLabel('Recovery codes').inputValue();
    expect(recovery.split(' ')).toHaveLength(10);
    await screenshot(d.page, 'two-factor-on');
    await d.page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await signIn(d.page, 'dev@acme-finance.example', 'the developer password');
    await d.page.getByLabel('Authentication code').waitFor();
    await screenshot(d.page, 'sign-in-code');
    // The setup's code was used; the next step's code (within the allowed drift) signs in.
    await d.page.getByLabel('Authentication code').fill(totp(secret, Date.now() + 30_000));
    await d.page.getByRole('button', { name: 'Sign in' }).click();
    await d.page.getByRole('button', { name: 'Sign out', exact: true }).waitFor();

    // The viewer sees no Create token, Revoke or Add endpoint, and no Audit log link.
    const v = await newTab();
    await signIn(v.page, viewer.email, PASSWORD);
    await v.page.getByRole('button', { name: 'Sign out', exact: true }).waitFor();
    await visit(v.page, 'API tokens', 'viewer-tokens');
    await v.page.getByRole('row').nth(1).waitFor();
    expect(await v.page.getByRole('button', { name: 'Create token' }).count()).toBe(0);
    expect(await v.page.getByRole('button', { name: 'Revoke' }).count()).toBe(0);
    await visit(v.page, 'Webhook endpoints', 'viewer-endpoints');
    expect(await v.page.getByRole('button', { name: 'Add endpoint' }).count()).toBe(0);
    expect(await v.page.getByRole('navigation').getByRole('link', { name: 'Audit log' }).count()).toBe(0);
    // Not even the sandbox tools of a mandate ("Revoke by customer", …): nothing that changes anything.
    const api = platform.api(merchant.token);
    const customer = await api.post('/v1/sandbox/customers', { sca_completed: true });
    const mandate = await api.post('/v1/mandates', {
      customer_id: customer.body.id,
      maximum_amount: '25.00',
      currency: 'GBP',
      frequency: 'monthly',
    });
    await v.page.goto(`${platform.url}/console/mandates/${mandate.body.id as string}`);
    await v.page.getByRole('heading', { level: 1 }).waitFor();
    await v.page.waitForLoadState('networkidle');
    expect(await v.page.getByRole('button', { name: /Revoke|Cancel|Activate/ }).count()).toBe(0);
    await screenshot(v.page, 'viewer-mandate');
    await visit(v.page, 'Team', 'viewer-team');
    expect(await v.page.getByRole('button', { name: 'Invite' }).count()).toBe(0);
    expect(await v.page.getByRole('button', { name: 'Remove' }).count()).toBe(0);

    // The owner removes the viewer: the viewer's open tab is signed out on its next request.
    await o.page.reload();
    const row = o.page.getByRole('row', { name: /viewer@acme-finance\.example/ });
    await row.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => o.page.getByRole('row', { name: /viewer@acme-finance\.example/ }).count()).toBe(0);
    await screenshot(o.page, 'team-removed');
    await v.page.getByRole('navigation').getByRole('link', { name: 'Payments', exact: true }).click();
    await v.page.getByText('Your session has ended. Sign in again.').waitFor();
    await screenshot(v.page, 'removed-signed-out');

    // The audit log tells who did all this, and filters.
    await visit(o.page, 'Audit log', 'audit-log');
    for (const action of ['invitation.created', 'invitation.accepted', 'user.two_factor_enabled', 'user.removed'])
      await o.page.getByRole('cell', { name: action, exact: true }).first().waitFor();
    await o.page.getByLabel('Action').selectOption('user.removed');
    await o.page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => o.page.getByRole('row').count()).toBe(2);
    expect(await o.page.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/console/api/audit-log.csv?action=user.removed',
    );
    await screenshot(o.page, 'audit-log-filtered');

    expect([...o.problems, ...d.problems, ...v.problems]).toEqual([]);
  }, 300_000);
});
