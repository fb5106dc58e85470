import { createLogger } from '@vrp/logging';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleAccounts } from '../src/db/console-accounts.js';
import { MerchantRepository } from '../src/db/merchants.js';
import { createPool, type SqlPool } from '@vrp/sql';
import { errorOf } from './support/fixtures.js';
import { ConsoleBrowser, consoleUser } from './support/console-client.js';
import { startPlatform, type Platform } from './support/platform.js';

// Who the client is, for every per-address limit: behind a proxy only with TRUST_PROXY, and an
// IPv6 client by its /64.
let platform: Platform;
let db: SqlPool;
let seq = 0;

beforeAll(async () => {
  platform = await startPlatform();
  db = createPool(platform.db.url);
});
afterAll(async () => {
  await db?.end();
  await platform?.stop();
});

function logged() {
  const lines: string[] = [];
  const logger = createLogger('gateway', { write: (l) => lines.push(l) });
  const records = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  return { logger, records };
}

const forwarded = (url: string, path: string, from = '198.51.100.7') => fetch(url + path, { headers: { 'x-forwarded-for': from } });

describe('X-Forwarded-For without TRUST_PROXY', () => {
  it('in production: refused with 503, one error line, and the gateway reports itself not ready from then on', async () => {
    const log = logged();
    const gateway = await platform.startGateway({ VRP_ENV: 'production' }, undefined, log.logger);
    expect((await fetch(`${gateway.url}/readyz`)).status).toBe(200);
    const answers = await Promise.all([1, 2, 3].map(() => forwarded(gateway.url, '/v1/openapi.json')));
    for (const res of answers) {
      expect(res.status).toBe(503);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('service_unavailable');
    }
    const errors = log.records().filter((r) => r.level === 'error');
    expect(errors, JSON.stringify(errors)).toHaveLength(1);
    expect(errors[0]!.msg).toMatch(/X-Forwarded-For arrived but TRUST_PROXY is not set/);
    const ready = await fetch(`${gateway.url}/readyz`);
    expect([ready.status, await ready.text()]).toEqual([503, '{"status":"not_ready"}']);
    // A request that came straight to it is still served.
    expect((await fetch(`${gateway.url}/v1/openapi.json`)).status).toBe(200);
  });

  it('in sandbox: served, with one warning', async () => {
    const log = logged();
    const gateway = await platform.startGateway({}, undefined, log.logger);
    expect((await forwarded(gateway.url, '/v1/openapi.json')).status).toBe(200);
    expect((await forwarded(gateway.url, '/v1/openapi.json')).status).toBe(200);
    expect(log.records().filter((r) => r.level === 'warn' && String(r.msg).includes('TRUST_PROXY'))).toHaveLength(1);
    expect((await fetch(`${gateway.url}/readyz`)).status).toBe(200);
  });
});

describe('per-address limits behind a trusted proxy', () => {
  it('count an IPv6 client by its /64, whichever of its addresses it sends from', async () => {
    const gateway = await platform.startGateway({ TRUST_PROXY: '1', CONSOLE_SIGN_IN_PER_ADDRESS: '3', CONSOLE_SIGN_IN_BACKOFF: '60s' });
    const accounts = new ConsoleAccounts(db);
    const merchants = new MerchantRepository(db);
    const merchant = await platform.createMerchant();
    const users = await Promise.all(
      [1, 2, 3, 4, 5].map(() => consoleUser(accounts, merchants, merchant.id, `ipv6-${(seq += 1)}@shop.example`)),
    );
    const signIn = (email: string, from: string) =>
      new ConsoleBrowser(gateway.url).request('POST', '/console/api/session', {
        body: { email, password: 'a wrong password!' },
        headers: { 'x-forwarded-for': from },
      });
    const oneNetwork = ['2001:db8:1:2::1', '2001:db8:1:2:aaaa::2', '2001:0db8:0001:0002:ffff:ffff:ffff:fffe'];
    for (const [i, from] of oneNetwork.entries()) expect(errorOf(await signIn(users[i]!.email, from)).status).toBe(401);
    // A fourth address of the same /64 is the same client: over its limit.
    expect(errorOf(await signIn(users[3]!.email, '2001:db8:1:2::4'))).toEqual({ status: 429, code: 'rate_limited' });
    // The next /64 is someone else, and so is an IPv4 client behind the same proxy.
    expect(errorOf(await signIn(users[4]!.email, '2001:db8:1:3::1')).status).toBe(401);
    expect(errorOf(await signIn(users[4]!.email, '203.0.113.50')).status).toBe(401);
  });
});
