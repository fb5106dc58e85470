import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleAccounts } from '../src/db/console-accounts.js';
import { MerchantRepository } from '../src/db/merchants.js';
import { createPool, rows, type SqlPool } from '@vrp/sql';
import { errorOf } from './support/fixtures.js';
import { ConsoleBrowser, consoleUser, PASSWORD, TEST_SCRYPT_LOG_N } from './support/console-client.js';
import { startPlatform, type Platform } from './support/platform.js';

let platform: Platform;
let db: SqlPool;
let accounts: ConsoleAccounts;
let merchants: MerchantRepository;
let seq = 0;

beforeAll(async () => {
  platform = await startPlatform();
  db = createPool(platform.db.url);
  accounts = new ConsoleAccounts(db);
  merchants = new MerchantRepository(db);
});
afterAll(async () => {
  await db?.end();
  await platform?.stop();
});

/** A merchant with one console user, and a browser at the gateway (or another one). */
async function merchantWithUser(baseUrl = platform.url) {
  const merchant = await platform.createMerchant();
  seq += 1;
  const user = await consoleUser(accounts, merchants, merchant.id, `owner${seq}@shop${seq}.example`);
  return { merchant, user, browser: new ConsoleBrowser(baseUrl) };
}

async function signedIn(baseUrl = platform.url) {
  const m = await merchantWithUser(baseUrl);
  expect((await m.browser.signIn(m.user.email, m.user.password)).status).toBe(200);
  return m;
}

describe('console sign-in', () => {
  it('opens a session in a __Host- cookie (HttpOnly, Secure, SameSite=Strict, Path=/, no Domain) and answers who is signed in', async () => {
    const { merchant, user, browser } = await merchantWithUser();
    const res = await browser.signIn(user.email.toUpperCase(), user.password);
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('__Host-vrp_console_session='))!;
    expect(cookie).toMatch(/^__Host-vrp_console_session=[\w-]{43}; Path=\/; HttpOnly; Secure; SameSite=Strict; Max-Age=(4319\d|43200)$/);
    expect(res.body).toMatchObject({
      user: { email: user.email, merchant_id: merchant.id },
      merchant: { id: merchant.id },
      environment: 'sandbox',
      csrf_token: expect.stringMatching(/^[\w-]{43}$/),
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const again = await browser.request('GET', '/console/api/session');
    expect(again.body).toMatchObject({ user: { email: user.email }, csrf_token: res.body.csrf_token });
  });

  it('answers a wrong password and an unknown email alike, and stores only scrypt hashes', async () => {
    const { user, browser } = await merchantWithUser();
    expect(errorOf(await browser.signIn(user.email, 'not the password at all'))).toEqual({ status: 401, code: 'invalid_credentials' });
    expect(errorOf(await browser.signIn('nobody@nowhere.example', PASSWORD))).toEqual({ status: 401, code: 'invalid_credentials' });
    expect(browser.cookie).toBeUndefined();
    const [stored] = await rows<{ passwordHash: string }>(
      db,
      'SELECT password_hash AS "passwordHash" FROM gateway.console_users WHERE email = $1',
      [user.email],
    );
    expect(stored!.passwordHash).toMatch(new RegExp(`^scrypt\\$${2 ** TEST_SCRYPT_LOG_N}\\$8\\$1\\$`));
    expect(stored!.passwordHash).not.toContain(PASSWORD);
    const session = await browser.signIn(user.email, user.password);
    const sessions = await rows<{ tokenHash: string }>(
      db,
      'SELECT s.token_hash AS "tokenHash" FROM gateway.console_sessions s JOIN gateway.console_users u ON u.id = s.user_id WHERE u.email = $1',
      [user.email],
    );
    expect(sessions.map((r) => r.tokenHash)).not.toContain(browser.cookie);
    expect(sessions[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(session.status).toBe(200);
  });

  it('refuses cross-site and non-JSON requests before looking at credentials', async () => {
    const { user, browser } = await merchantWithUser();
    const evil = await browser.request('POST', '/console/api/session', {
      body: { email: user.email, password: user.password },
      headers: { origin: 'https://evil.example' },
    });
    expect(errorOf(evil)).toEqual({ status: 403, code: 'csrf_token_invalid' });
    const form = await browser.request('POST', '/console/api/session', {
      body: `email=${encodeURIComponent(user.email)}&password=${encodeURIComponent(user.password)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(errorOf(form)).toMatchObject({ status: 400, code: 'validation_error' });
    expect(errorOf(await browser.request('POST', '/console/api/session', { body: '{"email":' }))).toMatchObject({ status: 400 });
    expect(errorOf(await browser.request('POST', '/console/api/session', { body: { email: user.email } }))).toEqual({
      status: 400,
      code: 'validation_error',
      param: 'password',
    });
    expect(browser.cookie).toBeUndefined();
  });
});

// Every sign-in checks a password with scrypt on purpose (at the test platform's work factor): on a
// loaded machine one check can still take a while, and a test here makes up to 17 of them.
describe('sign-in attempt limits', { timeout: 120_000 }, () => {
  /** Gateways that take the client address from X-Forwarded-For, so each test signs in from addresses of its own. */
  let slow: string;
  let quick: string;
  beforeAll(async () => {
    // A first backoff of 30 s: the checks below never race it, however slow the machine.
    slow = (await platform.startGateway({ TRUST_PROXY: '1', CONSOLE_SIGN_IN_PER_ADDRESS: '8', CONSOLE_SIGN_IN_BACKOFF: '30s' })).url;
    quick = (await platform.startGateway({ TRUST_PROXY: '1', CONSOLE_SIGN_IN_BACKOFF: '1s' })).url;
  });
  const from = (address: string, url = slow) => new ConsoleBrowser(url, address);

  it('weighs 5 failures of an account from one address, then backs off; the right password from another address gets in meanwhile', async () => {
    const { user } = await merchantWithUser();
    const started = performance.now();
    // Concurrent guesses from one address: the database serialises them, so exactly five are weighed.
    const guesses = await Promise.all(Array.from({ length: 12 }, () => from('198.51.100.1').signIn(user.email, 'a wrong guess!!')));
    expect(guesses.map((g) => g.status).sort()).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
    const limited = await from('198.51.100.1').signIn(user.email, user.password);
    expect(errorOf(limited)).toEqual({ status: 429, code: 'rate_limited' });
    // What is left of the first backoff (30 s from the fifth failure, which came after `started`),
    // however long the guesses took.
    const elapsed = Math.ceil((performance.now() - started) / 1000);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(30 - elapsed);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(30);
    // While the attacker keeps hammering the account, its owner signs in from their own address.
    const hammering = Promise.all(Array.from({ length: 10 }, () => from('198.51.100.1').signIn(user.email, 'still guessing!!')));
    const owner = await from('203.0.113.20').signIn(user.email, user.password);
    expect(owner.status).toBe(200);
    expect((await hammering).every((g) => g.status === 429)).toBe(true);
  });

  it('backs off, never locks out: once the wait is over the right password gets in', async () => {
    const { user } = await merchantWithUser();
    for (let i = 0; i < 5; i++) expect((await from('198.51.100.9', quick).signIn(user.email, 'wrong password!!')).status).toBe(401);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await from('198.51.100.9', quick).signIn(user.email, user.password)).status).toBe(200);
  });

  it('clears an account’s failures from an address on success, and backs off one address across accounts', async () => {
    const { user } = await merchantWithUser();
    for (let i = 0; i < 4; i++) expect((await from('198.51.100.2').signIn(user.email, 'wrong password!!')).status).toBe(401);
    expect((await from('198.51.100.2').signIn(user.email, user.password)).status).toBe(200);
    // The success cleared this account's failures from the address: it has none left to count.
    const others = await Promise.all(
      Array.from({ length: 10 }, (_, i) => from('198.51.100.2').signIn(`stranger${i}@elsewhere.example`, 'guessing away')),
    );
    expect(others.filter((r) => r.status === 401)).toHaveLength(8);
    expect(others.filter((r) => r.status === 429).map(errorOf)).toEqual([
      { status: 429, code: 'rate_limited' },
      { status: 429, code: 'rate_limited' },
    ]);
    // That address is held back for every account; another address is not.
    expect(errorOf(await from('198.51.100.2').signIn(user.email, user.password))).toEqual({ status: 429, code: 'rate_limited' });
    expect((await from('198.51.100.3').signIn(user.email, user.password)).status).toBe(200);
  });
});

describe('the /v1 API with a console session', () => {
  it('reads with the cookie alone and changes only with the session’s X-CSRF-Token', async () => {
    const { browser } = await signedIn();
    expect((await browser.request('GET', '/v1/mandates')).status).toBe(200);
    const noToken = await browser.request('POST', '/v1/sandbox/customers', { body: { sca_completed: true }, csrf: false });
    expect(errorOf(noToken)).toEqual({ status: 403, code: 'csrf_token_invalid' });
    const wrongToken = await browser.request('POST', '/v1/sandbox/customers', {
      body: { sca_completed: true },
      csrf: false,
      headers: { 'x-csrf-token': 'x'.repeat(43) },
    });
    expect(errorOf(wrongToken)).toEqual({ status: 403, code: 'csrf_token_invalid' });
    const created = await browser.request('POST', '/v1/sandbox/customers', { body: { sca_completed: true } });
    expect(created.status).toBe(201);
    const mandate = await browser.request('POST', '/v1/mandates', {
      body: { customer_id: created.body.id, maximum_amount: '25.00', currency: 'GBP', frequency: 'monthly' },
    });
    expect(mandate.status).toBe(201);
    expect((await browser.request('GET', `/v1/mandates/${mandate.body.id as string}`)).body).toMatchObject({ id: mandate.body.id });
  });

  it('never reaches another merchant’s objects or tokens (404, as the API answers)', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const customer = await a.browser.request('POST', '/v1/sandbox/customers', { body: { sca_completed: true } });
    const mandate = await a.browser.request('POST', '/v1/mandates', {
      body: { customer_id: customer.body.id, maximum_amount: '25.00', currency: 'GBP', frequency: 'monthly' },
    });
    expect(errorOf(await b.browser.request('GET', `/v1/mandates/${mandate.body.id as string}`))).toEqual({
      status: 404,
      code: 'not_found',
    });
    expect(errorOf(await b.browser.request('POST', `/v1/mandates/${mandate.body.id as string}/cancel`))).toEqual({
      status: 404,
      code: 'not_found',
    });
    expect((await b.browser.request('GET', '/v1/mandates')).body.results).toEqual([]);
    const aTokens = await a.browser.request('GET', '/console/api/tokens');
    const aTokenId = (aTokens.body.results as { id: string }[])[0]!.id;
    expect(errorOf(await b.browser.request('POST', `/console/api/tokens/${aTokenId}/revoke`, { body: {} }))).toEqual({
      status: 404,
      code: 'not_found',
    });
    expect(await rows(db, 'SELECT revoked_at AS "revokedAt" FROM gateway.api_tokens WHERE id = $1', [aTokenId])).toEqual([
      { revokedAt: null },
    ]);
  });

  it('lets a bearer token speak for itself when both are sent', async () => {
    const a = await signedIn();
    const other = await platform.createMerchant();
    const res = await a.browser.request('GET', '/v1/mandates', {
      headers: { authorization: 'Bearer vrp_sandbox_notARealTokenAtAllButLongEnough' },
    });
    expect(errorOf(res)).toEqual({ status: 401, code: 'invalid_token' });
    expect((await a.browser.request('GET', '/v1/mandates', { headers: { authorization: `Bearer ${other.token}` } })).status).toBe(200);
  });
});

describe('console sessions end', () => {
  it('on sign-out (which needs the CSRF token), everywhere at once', async () => {
    const { browser } = await signedIn();
    const cookie = browser.cookie;
    expect(errorOf(await browser.request('DELETE', '/console/api/session', { csrf: false }))).toEqual({
      status: 403,
      code: 'csrf_token_invalid',
    });
    const out = await browser.request('DELETE', '/console/api/session');
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie()[0]).toMatch(/^__Host-vrp_console_session=; Path=\/; HttpOnly; Secure; SameSite=Strict; Max-Age=0$/);
    const replay = new ConsoleBrowser(platform.url);
    replay.cookie = cookie; // a copy of the old cookie is worth nothing now
    expect(errorOf(await replay.request('GET', '/console/api/session'))).toEqual({ status: 401, code: 'authentication_required' });
    expect(errorOf(await replay.request('GET', '/v1/mandates'))).toEqual({ status: 401, code: 'authentication_required' });
  });

  it('when their lifetime is over, and when left idle', async () => {
    // Lifetimes that outlast a sign-in on a busy machine (its scrypt alone can take seconds).
    const [short, idle] = await Promise.all([
      platform.startGateway({ CONSOLE_SESSION_TTL: '6s' }),
      platform.startGateway({ CONSOLE_SESSION_IDLE: '6s' }),
    ]);
    const [a, b] = await Promise.all([signedIn(short.url), signedIn(idle.url)]);
    // Both sessions began before this instant (a sign-in may take seconds), so 6 s after it they are over.
    const started = Date.now();
    expect((await a.browser.request('GET', '/v1/mandates')).status).toBe(200);
    expect((await b.browser.request('GET', '/console/api/session')).status).toBe(200);
    // Using a session refreshes its last use at most once a minute, so b's use above did not keep it alive.
    await new Promise((r) => setTimeout(r, started + 6300 - Date.now()));
    expect(errorOf(await a.browser.request('GET', '/v1/mandates'))).toEqual({ status: 401, code: 'authentication_required' });
    expect(errorOf(await b.browser.request('GET', '/console/api/session'))).toEqual({ status: 401, code: 'authentication_required' });
  });
});

describe('API tokens in the console', () => {
  it('creates a named token shown once, lists it with its last use, and revokes it so the API refuses it', async () => {
    const { browser } = await signedIn();
    expect(errorOf(await browser.request('POST', '/console/api/tokens', { body: { name: '   ' } }))).toMatchObject({
      status: 400,
      param: 'name',
    });
    const created = await browser.request('POST', '/console/api/tokens', { body: { name: 'Billing server' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: expect.stringMatching(/^TK/), name: 'Billing server', last_used_at: null, revoked_at: null });
    const token = created.body.access_token as string;
    expect(token).toMatch(/^vrp_sandbox_/);
    const api = platform.api(token);
    expect((await api.get('/v1/mandates')).status).toBe(200);
    const listed = (await browser.request('GET', '/console/api/tokens')).body.results as Record<string, unknown>[];
    expect(listed.map((t) => t.name)).toEqual(['Billing server', '']);
    expect(JSON.stringify(listed)).not.toContain(token);
    expect(listed[0]!.last_used_at).toEqual(expect.any(String));
    expect(listed[1]!.last_used_at).toBeNull();

    expect(
      errorOf(await browser.request('POST', `/console/api/tokens/${created.body.id as string}/revoke`, { body: {}, csrf: false })),
    ).toMatchObject({
      status: 403,
    });
    const revoked = await browser.request('POST', `/console/api/tokens/${created.body.id as string}/revoke`, { body: {} });
    expect(revoked.body).toMatchObject({ id: created.body.id, revoked_at: expect.any(String) });
    await expect
      .poll(async () => errorOf(await api.get('/v1/mandates')), { timeout: 5000, interval: 100 })
      .toEqual({ status: 401, code: 'invalid_token' });
  });
});

describe('team invitations', () => {
  it('invites by a link that works once, into the inviter’s merchant', async () => {
    const { merchant, browser } = await signedIn();
    seq += 1;
    const email = `teammate${seq}@shop.example`;
    const invited = await browser.request('POST', '/console/api/invitations', { body: { email: email.toUpperCase(), role: 'developer' } });
    expect(invited.status).toBe(201);
    const link = new URL(invited.body.invite_url as string);
    expect(link.pathname).toBe('/console/accept-invite');
    const secret = new URLSearchParams(link.hash.slice(1)).get('token')!;
    const [mail] = await rows<{ body: string }>(db, 'SELECT body FROM gateway.console_mail_outbox WHERE to_address = $1 LIMIT 1', [email]);
    const code = /enter this code: (\d{8})/.exec(mail!.body)![1]!;
    const team = await browser.request('GET', '/console/api/users');
    expect(team.body.invitations).toEqual([expect.objectContaining({ email, id: invited.body.id })]);
    expect(JSON.stringify(team.body)).not.toContain(secret);

    const newcomer = new ConsoleBrowser(platform.url);
    expect(
      errorOf(await newcomer.request('POST', '/console/api/invitations/accept', { body: { token: secret, code, password: 'short' } })),
    ).toMatchObject({
      status: 400,
      param: 'password',
    });
    // Two tabs accept at once: one user is created, the other is told the link is used.
    const [first, second] = await Promise.all([
      newcomer.request('POST', '/console/api/invitations/accept', { body: { token: secret, code, password: 'a long new password' } }),
      new ConsoleBrowser(platform.url).request('POST', '/console/api/invitations/accept', {
        body: { token: secret, code, password: 'another long one!' },
      }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 400]);
    const winner = first.status === 200 ? first : second;
    expect(winner.body).toMatchObject({ user: { email, merchant_id: merchant.id, role: 'developer' }, merchant: { id: merchant.id } });
    expect(await rows(db, 'SELECT id FROM gateway.console_users WHERE email = $1', [email])).toHaveLength(1);
    const users = (await browser.request('GET', '/console/api/users')).body;
    expect((users.results as { email: string }[]).map((u) => u.email)).toContain(email);
    expect(users.invitations).toEqual([]);
    expect(errorOf(await browser.request('POST', '/console/api/invitations', { body: { email, role: 'viewer' } }))).toMatchObject({
      status: 400,
      param: 'email',
    });
    expect(
      errorOf(await browser.request('POST', '/console/api/invitations', { body: { email: 'a@b.example', role: 'admin' } })),
    ).toMatchObject({
      status: 400,
      param: 'role',
    });
    expect(
      errorOf(await browser.request('POST', '/console/api/invitations', { body: { email: 'not-an-email', role: 'viewer' } })),
    ).toMatchObject({
      status: 400,
      param: 'email',
    });
  });
});

describe('the console app itself', () => {
  it('is served under /console/ with a strict CSP; app routes get index.html, assets are cached for good', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'console-build-'));
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><script type="module" src="/console/assets/app-1a2b.js"></script>');
    await writeFile(join(dir, 'assets', 'app-1a2b.js'), 'console.log("app")');
    const gateway = await platform.startGateway({ CONSOLE_DIR: dir });
    const get = (path: string) => fetch(gateway.url + path, { redirect: 'manual' });

    const bare = await get('/console');
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe('/console/');
    for (const path of ['/console/', '/console/payments/PM01ABC', '/console/events?delivery_status=delivery_failed']) {
      const page = await get(path);
      expect(page.status, path).toBe(200);
      expect(await page.text()).toContain('app-1a2b.js');
      expect(page.headers.get('content-security-policy')).toBe(
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'",
      );
      expect(page.headers.get('x-frame-options')).toBe('DENY');
      expect(page.headers.get('cache-control')).toBe('no-store');
    }
    const asset = await get('/console/assets/app-1a2b.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await get('/console/assets/missing.js')).status).toBe(404);
    expect((await get('/console/api/nothing-here')).status).toBe(401);

    const unbuilt = await platform.startGateway({ CONSOLE_DIR: await mkdtemp(join(tmpdir(), 'console-unbuilt-')) });
    const notBuilt = await fetch(`${unbuilt.url}/console/`);
    expect(notBuilt.status).toBe(503);
    expect(await notBuilt.text()).toContain('npm run build -w @vrp/console');
  });
});
