import { randomBytes, scryptSync } from 'node:crypto';
import { newId } from '@vrp/ids';
import { waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleAccounts } from '../src/db/console-accounts.js';
import { MerchantRepository } from '../src/db/merchants.js';
import { createPool, rows, type SqlPool } from '@vrp/sql';
import { createToken } from '../src/usecases/create-token.js';
import { errorOf } from './support/fixtures.js';
import { ConsoleBrowser, consoleUser, TEST_SCRYPT_LOG_N } from './support/console-client.js';
import { startPlatform, type Platform } from './support/platform.js';

// What the Merchant Console refuses to do for anyone who asks: unbounded password hashing,
// unbounded requests from one address, unbounded tokens and invitations per merchant.
let platform: Platform;
let db: SqlPool;
let accounts: ConsoleAccounts;
let merchants: MerchantRepository;
/** A gateway that takes the client address from X-Forwarded-For and allows plenty of console requests. */
let proxied: string;
let seq = 0;
let address = 0;

beforeAll(async () => {
  platform = await startPlatform();
  db = createPool(platform.db.url);
  accounts = new ConsoleAccounts(db);
  merchants = new MerchantRepository(db);
  proxied = (await platform.startGateway({ TRUST_PROXY: '1', CONSOLE_API_RPS: '1000', CONSOLE_API_BURST: '1000' })).url;
});
afterAll(async () => {
  await db?.end();
  await platform?.stop();
});

/** A browser at `url` from an address no other test uses. */
const browserAt = (url = proxied) => new ConsoleBrowser(url, `198.51.100.${(address += 1)}`);

async function signedIn(url = proxied) {
  const merchant = await platform.createMerchant();
  const user = await consoleUser(accounts, merchants, merchant.id, `limits${(seq += 1)}@shop.example`);
  const browser = browserAt(url);
  expect((await browser.signIn(user.email, user.password)).status).toBe(200);
  return { merchant, user, browser };
}

describe('console API requests per address', () => {
  it('are limited before anything else is done: 429 rate_limited with Retry-After, other addresses unaffected', async () => {
    const gateway = await platform.startGateway({ TRUST_PROXY: '1', CONSOLE_API_RPS: '1', CONSOLE_API_BURST: '3' });
    // The bucket refills continuously at one token a second: `refills` is how many whole tokens can
    // have come back since the first request, none on a quick machine, some on a loaded one.
    const started = performance.now();
    const refills = () => Math.floor((performance.now() - started) / 1000);
    const one = new ConsoleBrowser(gateway.url, '2001:db8:7::1');
    const answers = [];
    do answers.push(await one.request('GET', '/console/api/session'));
    while (answers.at(-1)!.status !== 429 && answers.length < 3 + refills() + 1);
    // The burst of 3 is answered (401: no session), then the limit answers before authentication is looked at.
    expect(answers.slice(0, 3).map(errorOf)).toEqual(Array(3).fill({ status: 401, code: 'authentication_required' }));
    const limited = answers.at(-1)!;
    expect(errorOf(limited)).toEqual({ status: 429, code: 'rate_limited' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Another address of the same /64 is the same client (it finds the bucket empty, but for tokens
    // that came back meanwhile); the next /64 is not.
    const sameClient = new ConsoleBrowser(gateway.url, '2001:db8:7::2');
    const fromSameClient = [];
    do fromSameClient.push(await sameClient.request('GET', '/console/api/session'));
    while (fromSameClient.at(-1)!.status !== 429 && fromSameClient.length < refills() + 1);
    expect(errorOf(fromSameClient.at(-1)!).status).toBe(429);
    // The /64 was answered no more than its burst and what came back meanwhile.
    expect(answers.length - 1 + fromSameClient.length - 1).toBeLessThanOrEqual(3 + refills());
    expect(errorOf(await new ConsoleBrowser(gateway.url, '2001:db8:8::1').request('GET', '/console/api/session')).status).toBe(401);
  });
});

describe('password hashing', () => {
  it('runs a bounded number of hashes at once: the excess waits briefly, then is refused with 429; a wrong invitation link costs none', async () => {
    const gateway = await platform.startGateway({
      TRUST_PROXY: '1',
      CONSOLE_API_BURST: '1000',
      PASSWORD_HASH_CONCURRENCY: '1',
      PASSWORD_HASH_WAIT: '50ms',
      // Production's work factor: each check holds the one slot for hundreds of ms.
      PASSWORD_SCRYPT_LOG_N: '17',
    });
    // Addresses with no account: each is still checked against a hash of the gateway's factor.
    const users = [1, 2, 3, 4].map(() => ({ email: `busy${(seq += 1)}@shop.example` }));
    const signIns = users.map((u) => browserAt(gateway.url).signIn(u.email, 'a wrong password!'));
    // Once a sign-in has been admitted it is hashing (hundreds of ms); the one slot is taken.
    const attempts = async () =>
      (await rows(db, 'SELECT id FROM gateway.console_sign_in_attempts WHERE email = ANY($1)', [users.map((u) => u.email)])).length;
    await waitFor(async () => (await attempts()) > 0 || null, {
      what: 'a sign-in to reach its password check',
      timeoutMs: 10_000,
    });
    // While it is, an unknown invitation link is still answered (400, not 429): it is looked up before any hashing.
    const wrongLink = await browserAt(gateway.url).request('POST', '/console/api/invitations/accept', {
      body: { token: 'x'.repeat(43), code: '12345678', password: 'a long new password' },
    });
    expect(errorOf(wrongLink)).toEqual({ status: 400, code: 'validation_error', param: 'token' });
    const answers = await Promise.all(signIns);
    expect(answers.filter((a) => a.status === 401).length).toBeGreaterThanOrEqual(1);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const r of refused) {
      expect(errorOf(r)).toEqual({ status: 429, code: 'rate_limited' });
      expect(r.headers.get('retry-after')).toBe('1');
    }
    // A sign-in refused for want of a slot was never weighed: it is not counted as a failure.
    const counted = await attempts();
    expect(counted).toBe(answers.filter((a) => a.status === 401).length);
  });

  it('replaces a hash made with older scrypt parameters at the next sign-in', async () => {
    const merchant = await platform.createMerchant();
    const email = `old-hash${(seq += 1)}@shop.example`;
    const password = 'an old but good password';
    const salt = randomBytes(16);
    const key = scryptSync(password, salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    const oldHash = ['scrypt', 2 ** 15, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
    await accounts.createUser({ id: newId('consoleUser'), merchantId: merchant.id, email, passwordHash: oldHash });
    expect((await browserAt().signIn(email, password)).status).toBe(200);
    const [{ stored } = { stored: '' }] = await rows<{ stored: string }>(
      db,
      'SELECT password_hash AS stored FROM gateway.console_users WHERE email = $1',
      [email],
    );
    // Hashed again at the gateway's work factor (the test platform's).
    expect(stored).toMatch(new RegExp(`^scrypt\\$${2 ** TEST_SCRYPT_LOG_N}\\$8\\$1\\$`));
    expect((await browserAt().signIn(email, password)).status).toBe(200);
    expect(errorOf(await browserAt().signIn(email, 'not the password!'))).toEqual({ status: 401, code: 'invalid_credentials' });
  });
});

describe('per-merchant caps', () => {
  it('hold at 25 live API tokens however many creates race, with 422 token_limit_reached; revoking one makes room', async () => {
    const { merchant, browser } = await signedIn();
    // The merchant holds its first token already; 40 creates race for the other 24 places.
    const created = await Promise.all(
      Array.from({ length: 40 }, (_, i) => browser.request('POST', '/console/api/tokens', { body: { name: `token ${i}` } })),
    );
    expect(created.filter((c) => c.status === 201)).toHaveLength(24);
    const refused = created.filter((c) => c.status !== 201);
    expect(refused.map(errorOf)).toEqual(Array(16).fill({ status: 422, code: 'token_limit_reached' }));
    expect(await rows(db, 'SELECT id FROM gateway.api_tokens WHERE merchant_id = $1 AND revoked_at IS NULL', [merchant.id])).toHaveLength(
      25,
    );
    // The operator CLI's tokens count too.
    await expect(createToken(merchants, 'sandbox', merchant.id)).rejects.toMatchObject({ code: 'token_limit_reached' });
    const revoked = await browser.request(
      'POST',
      `/console/api/tokens/${created.find((c) => c.status === 201)!.body.id as string}/revoke`,
      {
        body: {},
      },
    );
    expect(revoked.status).toBe(200);
    expect((await browser.request('POST', '/console/api/tokens', { body: { name: 'replacement' } })).status).toBe(201);
  });

  it('hold at 20 open invitations however many race, with 422 invitation_limit_reached', async () => {
    const { merchant, browser } = await signedIn();
    const invited = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        browser.request('POST', '/console/api/invitations', { body: { email: `invitee${seq}-${i}@shop.example` } }),
      ),
    );
    expect(invited.filter((c) => c.status === 201)).toHaveLength(20);
    expect(invited.filter((c) => c.status !== 201).map(errorOf)).toEqual(Array(10).fill({ status: 422, code: 'invitation_limit_reached' }));
    expect(await rows(db, 'SELECT id FROM gateway.console_invitations WHERE merchant_id = $1', [merchant.id])).toHaveLength(20);
    // An expired invitation is not open: it leaves room.
    await db.query("UPDATE gateway.console_invitations SET expires_at = $2 WHERE merchant_id = $1 AND email LIKE '%-0@shop.example'", [
      merchant.id,
      new Date(),
    ]);
    expect((await browser.request('POST', '/console/api/invitations', { body: { email: `late${seq}@shop.example` } })).status).toBe(201);
  });
});
