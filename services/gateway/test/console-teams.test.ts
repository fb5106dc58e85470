import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleAccounts } from '../src/db/console-accounts.js';
import { MerchantRepository } from '../src/db/merchants.js';
import { createPool, rows, type SqlPool } from '@vrp/sql';
import type { Role } from '../src/domain/roles.js';
import { errorOf } from './support/fixtures.js';
import { ConsoleBrowser, consoleUser, PASSWORD } from './support/console-client.js';
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

/** A merchant with one signed-in user of each role. */
async function team(baseUrl = platform.url) {
  const merchant = await platform.createMerchant();
  seq += 1;
  const browsers = {} as Record<Role, ConsoleBrowser>;
  const users = {} as Record<Role, { id: string; email: string }>;
  for (const role of ['owner', 'developer', 'viewer'] as const) {
    const email = `${role}${seq}@team${seq}.example`;
    await consoleUser(accounts, merchants, merchant.id, email, role);
    const browser = new ConsoleBrowser(baseUrl);
    const res = await browser.signIn(email, PASSWORD);
    expect(res.status, `${role} signs in`).toBe(200);
    browsers[role] = browser;
    users[role] = { id: (res.body.user as { id: string }).id, email };
  }
  return { merchant, browsers, users };
}

/** The mail the console queued for an address, newest first. */
async function mailTo(address: string) {
  return rows<{ subject: string; body: string; sentAt: Date | null }>(
    db,
    'SELECT subject, body, sent_at AS "sentAt" FROM gateway.console_mail_outbox WHERE to_address = $1 ORDER BY id DESC',
    [address],
  );
}

const codeOf = (body: string) => /enter this code: (\d{8})/.exec(body)![1]!;
const totpCode = (secret: string, at = Date.now()) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

describe('roles on every console route and on /v1 with a session', () => {
  // What each role gets from each route: 403 forbidden or something else (not 403).
  const ROUTES: {
    name: string;
    call: (b: ConsoleBrowser, ctx: { tokenId: string; userId: string }) => Promise<{ status: number; body: Record<string, unknown> }>;
    allowed: Role[];
  }[] = [
    { name: 'GET /console/api/tokens', call: (b) => b.request('GET', '/console/api/tokens'), allowed: ['owner', 'developer', 'viewer'] },
    {
      name: 'POST /console/api/tokens',
      call: (b) => b.request('POST', '/console/api/tokens', { body: { name: 'ci' } }),
      allowed: ['owner', 'developer'],
    },
    {
      name: 'POST /console/api/tokens/:id/revoke',
      call: (b, c) => b.request('POST', `/console/api/tokens/${c.tokenId}/revoke`, { body: {} }),
      allowed: ['owner', 'developer'],
    },
    { name: 'GET /console/api/users', call: (b) => b.request('GET', '/console/api/users'), allowed: ['owner', 'developer', 'viewer'] },
    {
      name: 'POST /console/api/invitations',
      call: (b) => b.request('POST', '/console/api/invitations', { body: { email: `new${(seq += 1)}@x.example`, role: 'viewer' } }),
      allowed: ['owner'],
    },
    {
      name: 'DELETE /console/api/invitations/:id',
      call: (b) => b.request('DELETE', '/console/api/invitations/IVnone'),
      allowed: ['owner'],
    },
    {
      name: 'PATCH /console/api/users/:id',
      call: (b) => b.request('PATCH', '/console/api/users/USnone', { body: { role: 'viewer' } }),
      allowed: ['owner'],
    },
    { name: 'DELETE /console/api/users/:id', call: (b) => b.request('DELETE', '/console/api/users/USnone'), allowed: ['owner'] },
    { name: 'GET /console/api/audit-log', call: (b) => b.request('GET', '/console/api/audit-log'), allowed: ['owner'] },
    { name: 'GET /console/api/audit-log.csv', call: (b) => b.request('GET', '/console/api/audit-log.csv'), allowed: ['owner'] },
    { name: 'GET /console/api/account', call: (b) => b.request('GET', '/console/api/account'), allowed: ['owner', 'developer', 'viewer'] },
    {
      name: 'POST /console/api/account/two-factor/setup',
      call: (b) => b.request('POST', '/console/api/account/two-factor/setup', { body: {} }),
      allowed: ['owner', 'developer', 'viewer'],
    },
    { name: 'GET /v1/payments', call: (b) => b.request('GET', '/v1/payments'), allowed: ['owner', 'developer', 'viewer'] },
    {
      name: 'POST /v1/webhook-endpoints',
      call: (b) => b.request('POST', '/v1/webhook-endpoints', { body: { url: 'https://sandbox.receiver.example/hooks' } }),
      allowed: ['owner', 'developer'],
    },
    {
      name: 'DELETE /v1/webhook-endpoints/:id',
      call: (b) => b.request('DELETE', '/v1/webhook-endpoints/WEnone'),
      allowed: ['owner', 'developer'],
    },
    {
      name: 'POST /v1/webhook-events/:id/retry',
      call: (b) => b.request('POST', '/v1/webhook-events/EVnone/retry', { body: {} }),
      allowed: ['owner', 'developer'],
    },
    {
      name: 'POST /v1/sandbox/customers',
      call: (b) => b.request('POST', '/v1/sandbox/customers', { body: { sca_completed: true } }),
      allowed: ['owner', 'developer'],
    },
    { name: 'POST /v1/customers', call: (b) => b.request('POST', '/v1/customers', { body: { name: 'Ann' } }), allowed: ['owner'] },
    { name: 'POST /v1/payments', call: (b) => b.request('POST', '/v1/payments', { body: {} }), allowed: ['owner'] },
    {
      name: 'POST /v1/mandates/:id/cancel',
      call: (b) => b.request('POST', '/v1/mandates/MDnone/cancel', { body: {} }),
      allowed: ['owner'],
    },
  ];

  let t: Awaited<ReturnType<typeof team>>;
  let tokenId: string;
  beforeAll(async () => {
    t = await team();
    // A token of its own to revoke: the merchant's first one stays for the bearer check below.
    tokenId = (await t.browsers.owner.request('POST', '/console/api/tokens', { body: { name: 'to revoke' } })).body.id as string;
  });

  for (const route of ROUTES) {
    for (const role of ['owner', 'developer', 'viewer'] as const) {
      const allowed = route.allowed.includes(role);
      it(`${route.name} as ${role}: ${allowed ? 'allowed' : '403 forbidden'}`, async () => {
        const res = await route.call(t.browsers[role], { tokenId, userId: t.users.viewer.id });
        if (allowed) expect(res.status, JSON.stringify(res.body)).not.toBe(403);
        else expect(errorOf(res)).toEqual({ status: 403, code: 'forbidden' });
      });
    }
  }

  it('leaves a bearer token the whole API whatever the console roles', async () => {
    const res = await platform.api(t.merchant.token).post('/v1/sandbox/customers', { sca_completed: true });
    expect(res.status).toBe(201);
  });
});

describe('owners manage the team', () => {
  it('remove a user, whose session answers 401 at once; the last owner stays', async () => {
    const t = await team();
    expect((await t.browsers.viewer.request('GET', '/v1/mandates')).status).toBe(200);
    const removed = await t.browsers.owner.request('DELETE', `/console/api/users/${t.users.viewer.id}`);
    expect(removed.body).toMatchObject({ id: t.users.viewer.id, removed: true });
    expect(errorOf(await t.browsers.viewer.request('GET', '/v1/mandates'))).toEqual({ status: 401, code: 'authentication_required' });
    expect(errorOf(await t.browsers.viewer.request('GET', '/console/api/session'))).toEqual({
      status: 401,
      code: 'authentication_required',
    });
    expect(errorOf(await t.browsers.owner.request('DELETE', `/console/api/users/${t.users.owner.id}`))).toEqual({
      status: 409,
      code: 'last_owner',
    });
    expect(
      errorOf(await t.browsers.owner.request('PATCH', `/console/api/users/${t.users.owner.id}`, { body: { role: 'viewer' } })),
    ).toEqual({
      status: 409,
      code: 'last_owner',
    });
    // Another merchant's user is not found from here.
    const other = await team();
    expect(errorOf(await t.browsers.owner.request('DELETE', `/console/api/users/${other.users.viewer.id}`))).toEqual({
      status: 404,
      code: 'not_found',
    });
  });

  it('two owners removing each other at once leave exactly one owner (the database decides)', async () => {
    const t = await team();
    const promoted = await t.browsers.owner.request('PATCH', `/console/api/users/${t.users.developer.id}`, { body: { role: 'owner' } });
    expect(promoted.body).toMatchObject({ role: 'owner' });
    const [a, b] = await Promise.all([
      t.browsers.owner.request('DELETE', `/console/api/users/${t.users.developer.id}`),
      t.browsers.developer.request('DELETE', `/console/api/users/${t.users.owner.id}`),
    ]);
    const statuses = [a.status, b.status];
    // One removal wins; the other is refused as the last owner, or finds its own session ended (401).
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(await rows(db, "SELECT id FROM gateway.console_users WHERE merchant_id = $1 AND role = 'owner'", [t.merchant.id])).toHaveLength(
      1,
    );
  });

  it('revoke an invitation, which then cannot be accepted', async () => {
    const t = await team();
    const email = `revoked${(seq += 1)}@shop.example`;
    const invited = await t.browsers.owner.request('POST', '/console/api/invitations', { body: { email, role: 'developer' } });
    expect(invited.status).toBe(201);
    const secret = new URLSearchParams(new URL(invited.body.invite_url as string).hash.slice(1)).get('token')!;
    const code = codeOf((await mailTo(email))[0]!.body);
    const revoked = await t.browsers.owner.request('DELETE', `/console/api/invitations/${invited.body.id as string}`);
    expect(revoked.body).toMatchObject({ id: invited.body.id, revoked: true });
    expect((await t.browsers.owner.request('GET', '/console/api/users')).body.invitations).toEqual([]);
    const accept = await new ConsoleBrowser(platform.url).request('POST', '/console/api/invitations/accept', {
      body: { token: secret, code, password: 'a long new password' },
    });
    expect(errorOf(accept)).toMatchObject({ status: 400, param: 'token' });
    expect(errorOf(await t.browsers.owner.request('DELETE', `/console/api/invitations/${invited.body.id as string}`))).toEqual({
      status: 404,
      code: 'not_found',
    });
  });
});

describe('invitations need the code mailed to the invited address', () => {
  it('link at PUBLIC_BASE_URL, code by mail, five wrong codes end it; the right code joins with the role', async () => {
    const t = await team();
    const email = `joiner${(seq += 1)}@shop.example`;
    const invited = await t.browsers.owner.request('POST', '/console/api/invitations', {
      body: { email, role: 'developer' },
      headers: { host: 'evil.example' },
    });
    expect(invited.status).toBe(201);
    const link = new URL(invited.body.invite_url as string);
    expect(link.origin).toBe('https://console.platform.test');
    expect(link.pathname).toBe('/console/accept-invite');
    const secret = new URLSearchParams(link.hash.slice(1)).get('token')!;
    const [mail] = await mailTo(email);
    expect(mail!.subject).toContain(t.merchant.id ? '' : '');
    const code = codeOf(mail!.body);
    expect(JSON.stringify(invited.body)).not.toContain(code);

    const newcomer = new ConsoleBrowser(platform.url);
    const noCode = await newcomer.request('POST', '/console/api/invitations/accept', {
      body: { token: secret, password: 'a long new password' },
    });
    expect(errorOf(noCode)).toMatchObject({ status: 400, param: 'code' });
    const wrong = await newcomer.request('POST', '/console/api/invitations/accept', {
      body: { token: secret, code: '00000000' === code ? '11111111' : '00000000', password: 'a long new password' },
    });
    expect(errorOf(wrong)).toMatchObject({ status: 400, param: 'code' });
    const joined = await newcomer.request('POST', '/console/api/invitations/accept', {
      body: { token: secret, code, password: 'a long new password' },
    });
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ user: { email, role: 'developer' }, merchant: { id: t.merchant.id } });

    // Another invitation worn out by wrong codes.
    const email2 = `guessed${(seq += 1)}@shop.example`;
    const second = await t.browsers.owner.request('POST', '/console/api/invitations', { body: { email: email2, role: 'viewer' } });
    const secret2 = new URLSearchParams(new URL(second.body.invite_url as string).hash.slice(1)).get('token')!;
    const code2 = codeOf((await mailTo(email2))[0]!.body);
    for (let i = 0; i < 5; i++) {
      const guess = String((Number(code2) + 1 + i) % 100_000_000).padStart(8, '0');
      expect(
        errorOf(
          await newcomer.request('POST', '/console/api/invitations/accept', {
            body: { token: secret2, code: guess, password: 'a long new password' },
          }),
        ),
      ).toMatchObject({ param: 'code' });
    }
    const late = await newcomer.request('POST', '/console/api/invitations/accept', {
      body: { token: secret2, code: code2, password: 'a long new password' },
    });
    expect(errorOf(late)).toMatchObject({ status: 400, param: 'token' });
  });

  it('emails are unique per merchant, and inviting an address another merchant uses answers like any other', async () => {
    const a = await team();
    const b = await team();
    // b's owner address invited into a: the same 201 as a fresh address, and it joins a as a separate account.
    const invited = await a.browsers.owner.request('POST', '/console/api/invitations', {
      body: { email: b.users.owner.email, role: 'viewer' },
    });
    const fresh = await a.browsers.owner.request('POST', '/console/api/invitations', {
      body: { email: `fresh${(seq += 1)}@x.example`, role: 'viewer' },
    });
    expect(invited.status).toBe(201);
    expect(Object.keys(invited.body).sort()).toEqual(Object.keys(fresh.body).sort());
    // An address already in this team is refused (that is the team's own business).
    expect(
      errorOf(
        await a.browsers.owner.request('POST', '/console/api/invitations', { body: { email: a.users.viewer.email, role: 'viewer' } }),
      ),
    ).toMatchObject({
      status: 400,
      param: 'email',
    });
    const secret = new URLSearchParams(new URL(invited.body.invite_url as string).hash.slice(1)).get('token')!;
    const code = codeOf((await mailTo(b.users.owner.email))[0]!.body);
    const joined = await new ConsoleBrowser(platform.url).request('POST', '/console/api/invitations/accept', {
      body: { token: secret, code, password: 'a different password' },
    });
    expect(joined.body).toMatchObject({ merchant: { id: a.merchant.id } });
    expect(await rows(db, 'SELECT id FROM gateway.console_users WHERE email = $1', [b.users.owner.email])).toHaveLength(2);
    // Each password opens its own merchant's account.
    expect((await new ConsoleBrowser(platform.url).signIn(b.users.owner.email, PASSWORD)).body).toMatchObject({
      merchant: { id: b.merchant.id },
    });
    expect((await new ConsoleBrowser(platform.url).signIn(b.users.owner.email, 'a different password')).body).toMatchObject({
      merchant: { id: a.merchant.id },
    });
  });
});

describe('account: password, sign out everywhere, two-factor sign-in', () => {
  it('changes the password (ending other sessions) and signs out everywhere', async () => {
    const t = await team();
    const other = new ConsoleBrowser(platform.url);
    expect((await other.signIn(t.users.viewer.email, PASSWORD)).status).toBe(200);
    expect(
      errorOf(
        await t.browsers.viewer.request('POST', '/console/api/account/password', {
          body: { current_password: 'wrong one!!!!', new_password: 'a brand new password' },
        }),
      ),
    ).toEqual({
      status: 401,
      code: 'invalid_credentials',
    });
    const changed = await t.browsers.viewer.request('POST', '/console/api/account/password', {
      body: { current_password: PASSWORD, new_password: 'a brand new password' },
    });
    expect(changed.status).toBe(204);
    expect((await t.browsers.viewer.request('GET', '/console/api/session')).status).toBe(200);
    expect(errorOf(await other.request('GET', '/console/api/session'))).toEqual({ status: 401, code: 'authentication_required' });
    expect(errorOf(await new ConsoleBrowser(platform.url).signIn(t.users.viewer.email, PASSWORD))).toEqual({
      status: 401,
      code: 'invalid_credentials',
    });
    const again = new ConsoleBrowser(platform.url);
    expect((await again.signIn(t.users.viewer.email, 'a brand new password')).status).toBe(200);
    expect((await t.browsers.viewer.request('POST', '/console/api/account/sign-out-everywhere', { body: {} })).status).toBe(204);
    expect(errorOf(await again.request('GET', '/v1/mandates'))).toEqual({ status: 401, code: 'authentication_required' });
    expect(errorOf(await t.browsers.viewer.request('GET', '/console/api/session'))).toEqual({
      status: 401,
      code: 'authentication_required',
    });
  });

  it('sets up TOTP (RFC 6238), then signs in only with a code, each code once, or a recovery code once', async () => {
    const t = await team();
    const setup = await t.browsers.developer.request('POST', '/console/api/account/two-factor/setup', { body: {} });
    const secret = setup.body.secret as string;
    expect(setup.body.otpauth_uri).toContain(`secret=${secret}`);
    expect(
      errorOf(
        await t.browsers.developer.request('POST', '/console/api/account/two-factor/confirm', {
          body: { code: '123456' === totpCode(secret) ? '654321' : '123456' },
        }),
      ),
    ).toMatchObject({
      status: 400,
      param: 'code',
    });
    const confirmed = await t.browsers.developer.request('POST', '/console/api/account/two-factor/confirm', {
      body: { code: totpCode(secret) },
    });
    expect(confirmed.status).toBe(200);
    const recovery = confirmed.body.recovery_codes as string[];
    expect(recovery).toHaveLength(10);
    const [stored] = await rows<{ totpSecret: string }>(db, 'SELECT totp_secret AS "totpSecret" FROM gateway.console_users WHERE id = $1', [
      t.users.developer.id,
    ]);
    expect(stored!.totpSecret).toMatch(/^sealed:v1:/);
    expect(stored!.totpSecret).not.toContain(secret);

    const email = t.users.developer.email;
    const b = new ConsoleBrowser(platform.url);
    expect(errorOf(await b.signIn(email, PASSWORD))).toEqual({ status: 401, code: 'two_factor_required' });
    expect(b.cookie).toBeUndefined();
    expect(errorOf(await b.request('POST', '/console/api/session', { body: { email, password: PASSWORD, code: '000000' } }))).toEqual({
      status: 401,
      code: 'invalid_credentials',
    });
    // The code of the confirmation step was used: the next step's code (the window allows one ahead) signs in, once.
    const next = totpCode(secret, Date.now() + 30_000);
    const signedIn = await b.request('POST', '/console/api/session', { body: { email, password: PASSWORD, code: next } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ user: { two_factor: true } });
    expect(
      errorOf(
        await new ConsoleBrowser(platform.url).request('POST', '/console/api/session', { body: { email, password: PASSWORD, code: next } }),
      ),
    ).toEqual({
      status: 401,
      code: 'invalid_credentials',
    });
    const viaRecovery = new ConsoleBrowser(platform.url);
    expect(
      (
        await viaRecovery.request('POST', '/console/api/session', {
          body: { email, password: PASSWORD, recovery_code: recovery[0]!.toLowerCase() },
        })
      ).status,
    ).toBe(200);
    expect(
      errorOf(
        await viaRecovery.request('POST', '/console/api/session', { body: { email, password: PASSWORD, recovery_code: recovery[0] } }),
      ),
    ).toEqual({
      status: 401,
      code: 'invalid_credentials',
    });
    expect((await viaRecovery.request('GET', '/console/api/account')).body).toMatchObject({ two_factor: true, recovery_codes_left: 9 });
  });

  it('makes owners set up two-factor sign-in first where required, and live tokens need it', async () => {
    const gateway = await platform.startGateway({
      VRP_ENV: 'production',
      PUBLIC_BASE_URL: 'https://console.platform.test',
    });
    const t = await team(gateway.url);
    const owner = t.browsers.owner;
    expect((await owner.request('GET', '/console/api/session')).body).toMatchObject({
      two_factor_setup_required: true,
      environment: 'production',
    });
    expect(errorOf(await owner.request('GET', '/console/api/tokens'))).toEqual({ status: 403, code: 'two_factor_setup_required' });
    expect(errorOf(await owner.request('GET', '/v1/mandates'))).toEqual({ status: 403, code: 'two_factor_setup_required' });
    // A developer need not, until they create a live token.
    expect((await t.browsers.developer.request('GET', '/console/api/tokens')).status).toBe(200);
    expect(errorOf(await t.browsers.developer.request('POST', '/console/api/tokens', { body: { name: 'live' } }))).toEqual({
      status: 403,
      code: 'two_factor_setup_required',
    });
    const setup = await owner.request('POST', '/console/api/account/two-factor/setup', { body: {} });
    expect(
      (await owner.request('POST', '/console/api/account/two-factor/confirm', { body: { code: totpCode(setup.body.secret as string) } }))
        .status,
    ).toBe(200);
    expect((await owner.request('GET', '/console/api/tokens')).status).toBe(200);
    const created = await owner.request('POST', '/console/api/tokens', { body: { name: 'live' } });
    expect(created.status).toBe(201);
    expect(created.body.access_token).toMatch(/^vrp_live_|^vrp_production_/);
    expect(errorOf(await owner.request('POST', '/console/api/account/two-factor/disable', { body: { code: '000000' } }))).toEqual({
      status: 403,
      code: 'two_factor_setup_required',
    });
  });
});

describe('the audit log', () => {
  it('records who did what, when and from where; filters, pages and exports it; nothing alters it', async () => {
    const t = await team();
    const owner = t.browsers.owner;
    const created = await owner.request('POST', '/console/api/tokens', {
      body: { name: 'Audit me' },
      headers: { 'user-agent': 'AuditTest/1.0' },
    });
    await owner.request('POST', `/console/api/tokens/${created.body.id as string}/revoke`, { body: {} });
    const endpoint = await platform.api(t.merchant.token).post('/v1/webhook-endpoints', { url: 'https://sandbox.receiver.example/a' });
    expect(endpoint.status).toBe(201);
    await owner.request('DELETE', `/console/api/users/${t.users.viewer.id}`);

    await expect
      .poll(
        async () => ((await owner.request('GET', '/console/api/audit-log')).body.results as { action: string }[]).map((e) => e.action),
        { timeout: 5000 },
      )
      .toEqual(expect.arrayContaining(['token.created', 'token.revoked', 'webhook_endpoint.created', 'user.removed', 'session.signed_in']));
    const tokenCreated = await owner.request('GET', '/console/api/audit-log?action=token.created');
    expect(tokenCreated.body.results).toEqual([
      expect.objectContaining({
        action: 'token.created',
        actor: { type: 'user', id: t.users.owner.id, email: t.users.owner.email },
        target: { type: 'token', id: created.body.id },
        ip: '127.0.0.1',
        user_agent: 'AuditTest/1.0',
        created_at: expect.any(String),
      }),
    ]);
    const byToken = await owner.request('GET', '/console/api/audit-log?action=webhook_endpoint.created');
    expect(byToken.body.results).toEqual([expect.objectContaining({ actor: expect.objectContaining({ type: 'api_token' }) })]);
    const page = await owner.request('GET', '/console/api/audit-log?page_size=2');
    expect(page.body).toMatchObject({ has_more: true, next_before: expect.any(String) });
    const page2 = await owner.request('GET', `/console/api/audit-log?page_size=2&before=${page.body.next_before as string}`);
    const ids = [...(page.body.results as { id: string }[]), ...(page2.body.results as { id: string }[])].map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(errorOf(await owner.request('GET', '/console/api/audit-log?colour=red'))).toMatchObject({ status: 400, param: 'colour' });
    const csv = await owner.request('GET', '/console/api/audit-log.csv?action=token.created');
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toContain('attachment');
    const lines = (csv.body.text as string).trim().split('\r\n');
    expect(lines[0]).toBe('id,created_at,action,actor_type,actor_id,actor_email,target_type,target_id,ip,user_agent,details');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`token.created,user,${t.users.owner.id},${t.users.owner.email},token,${created.body.id as string}`);

    // No route changes entries, and the database itself refuses to.
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'])
      expect((await owner.request(method, '/console/api/audit-log', { body: {} })).status).toBe(404);
    await expect(db.query(`UPDATE "gateway"."audit_log" SET action = 'x' WHERE merchant_id = '${t.merchant.id}'`)).rejects.toThrow(
      /append-only/,
    );
    await expect(db.query(`DELETE FROM "gateway"."audit_log" WHERE merchant_id = '${t.merchant.id}'`)).rejects.toThrow(/append-only/);
    await expect(db.query(`TRUNCATE "gateway"."audit_log"`)).rejects.toThrow(/append-only/);
  });
});

/** The smallest SMTP server that takes mail (a stand-in for the operator's mail server): what it received. */
async function smtpReceiver(): Promise<{ url: string; messages: string[]; close(): Promise<void> }> {
  const { createServer } = await import('node:net');
  const messages: string[] = [];
  const server = createServer((socket) => {
    let data: string | undefined;
    let buffer = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (data !== undefined) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          messages.push(data + buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          data = undefined;
          socket.write('250 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test\r\n');
        else if (verb === 'DATA') {
          data = '';
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('console mail over SMTP', () => {
  it('sends the invitation code through SMTP_URL and marks it sent in the outbox', async () => {
    const smtp = await smtpReceiver();
    try {
      const gateway = await platform.startGateway({ SMTP_URL: smtp.url, MAIL_FROM: 'Console <console@platform.test>' });
      const t = await team(gateway.url);
      const email = `mailed${(seq += 1)}@shop.example`;
      expect((await t.browsers.owner.request('POST', '/console/api/invitations', { body: { email, role: 'viewer' } })).status).toBe(201);
      // The receiver may also hold mail an earlier test's invitation sent: this one is the message to `email`.
      await expect.poll(() => smtp.messages.some((m) => m.includes(`To: ${email}`)), { timeout: 20_000, interval: 200 }).toBe(true);
      const message = smtp.messages.find((m) => m.includes(`To: ${email}`));
      const [queued] = await mailTo(email);
      expect(message).toContain(`To: ${email}`);
      expect(message).toContain('From: Console <console@platform.test>');
      expect(message).toContain(codeOf(queued!.body));
      await expect.poll(async () => (await mailTo(email))[0]!.sentAt, { timeout: 5000 }).not.toBeNull();
    } finally {
      await smtp.close();
    }
  }, 120_000);
});
