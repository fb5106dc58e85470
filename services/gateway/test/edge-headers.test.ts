import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleAccounts } from '../src/db/console-accounts.js';
import { MerchantRepository } from '../src/db/merchants.js';
import { createPool, type SqlPool } from '@vrp/sql';
import { createApi, type ApiResponse } from './support/api.js';
import { errorOf } from './support/fixtures.js';
import { ConsoleBrowser, consoleUser } from './support/console-client.js';
import { startPlatform, type Platform } from './support/platform.js';

// The headers every answer at the edge carries: /v1 is never cached nor sniffed, the production
// console is HTTPS only, and its session cookie cannot be planted by a sibling host.
let platform: Platform;
let db: SqlPool;

beforeAll(async () => {
  platform = await startPlatform();
  db = createPool(platform.db.url);
});
afterAll(async () => {
  await db?.end();
  await platform?.stop();
});

const headersOf = (res: { headers: Headers }) => [res.headers.get('cache-control'), res.headers.get('x-content-type-options')];

/** What a raw socket gets back for `request` (for what Node's parser refuses before Express). */
function rawAnswer(url: string, request: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(request));
    let text = '';
    socket.on('data', (d) => (text += d.toString()));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

describe('every /v1 answer', () => {
  it('carries Cache-Control: no-store and X-Content-Type-Options: nosniff, errors included', async () => {
    const merchant = await platform.createMerchant();
    const api = platform.api(merchant.token);
    const limited = await platform.startGateway({ RATE_LIMIT_RPS: '1', RATE_LIMIT_BURST: '1' });
    const limitedApi = createApi(limited.url, merchant.token);
    await limitedApi.get('/v1/mandates');
    const overLimit = await limitedApi.get('/v1/mandates');
    const answers: [string, ApiResponse][] = [
      ['200 list', await api.get('/v1/mandates')],
      ['201 create', await api.post('/v1/sandbox/customers', { sca_completed: true })],
      ['200 document', await platform.api().get('/v1/openapi.json')],
      ['400 validation', await api.get('/v1/mandates?page_size=0')],
      ['400 long URL', await api.get(`/v1/mandates?x=${'a'.repeat(9000)}`)],
      ['401 no token', await platform.api().get('/v1/mandates')],
      ['401 bad token', await platform.api('vrp_sandbox_nope').get('/v1/mandates')],
      ['404 unknown', await api.get('/v1/nothing-here')],
      ['404 resource', await api.get('/v1/mandates/MD01UNKNOWN000000000000000000')],
      ['429 limited', overLimit],
    ];
    expect(answers.map(([what, res]) => [what, res.status])).toEqual([
      ['200 list', 200],
      ['201 create', 201],
      ['200 document', 200],
      ['400 validation', 400],
      ['400 long URL', 400],
      ['401 no token', 401],
      ['401 bad token', 401],
      ['404 unknown', 404],
      ['404 resource', 404],
      ['429 limited', 429],
    ]);
    for (const [what, res] of answers) expect(headersOf(res), what).toEqual(['no-store', 'nosniff']);
    // What Node's parser refuses never reaches Express, and is answered the same way.
    const refused = await rawAnswer(platform.url, `GET /v1/mandates HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(70_000)}\r\n\r\n`);
    expect(refused).toMatch(/^HTTP\/1\.1 431 /);
    expect(refused).toContain('\r\nCache-Control: no-store\r\n');
    expect(refused).toContain('\r\nX-Content-Type-Options: nosniff\r\n');
  });
});

describe('the Merchant Console', () => {
  it('is HTTPS only in production (Strict-Transport-Security), and not in the local sandbox', async () => {
    const production = await platform.startGateway({ VRP_ENV: 'production' });
    for (const path of ['/console/', '/console/api/session']) {
      const res = await fetch(production.url + path);
      expect(res.headers.get('strict-transport-security'), path).toBe('max-age=63072000; includeSubDomains');
    }
    expect((await fetch(`${platform.url}/console/`)).headers.get('strict-transport-security')).toBeNull();
  });

  it('keeps its session in a __Host- cookie, and ignores a session cookie without the prefix', async () => {
    const accounts = new ConsoleAccounts(db);
    const merchant = await platform.createMerchant();
    const user = await consoleUser(accounts, new MerchantRepository(db), merchant.id, 'host-cookie@shop.example');
    const browser = new ConsoleBrowser(platform.url);
    const signedIn = await browser.signIn(user.email, user.password);
    const cookie = signedIn.headers.getSetCookie().join('\n');
    expect(cookie).toMatch(/^__Host-vrp_console_session=[\w-]{43}; Path=\/; HttpOnly; Secure; SameSite=Strict; Max-Age=\d+$/);
    expect(cookie).not.toMatch(/domain=/i);
    // The same secret under a name a sibling host could set is no session.
    const planted = await fetch(`${platform.url}/console/api/session`, { headers: { cookie: `vrp_console_session=${browser.cookie!}` } });
    expect(errorOf({ status: planted.status, body: (await planted.json()) as Record<string, unknown> })).toEqual({
      status: 401,
      code: 'authentication_required',
    });
  });
});
