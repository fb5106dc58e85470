import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApi } from './support/api.js';
import { errorOf } from './support/fixtures.js';
import { startPlatform, type Platform } from './support/platform.js';

let platform: Platform;
let url: string;
// The rate limiter's clock: it moves only when the test says, however slow the machine is.
let now = 1_000_000;
beforeAll(async () => {
  platform = await startPlatform();
  // A bucket of 3 refilled at 1/s: the fourth request in a burst is refused.
  url = (await platform.startGateway({ RATE_LIMIT_BURST: '3', RATE_LIMIT_RPS: '1' }, () => now)).url;
});
afterAll(async () => platform?.stop());

it('limits each merchant with a token bucket and says so in the headers', async () => {
  const a = createApi(url, (await platform.createMerchant()).token);
  const b = createApi(url, (await platform.createMerchant()).token);
  const responses = [];
  for (let i = 0; i < 4; i++) responses.push(await a.get('/v1/mandates'));
  expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 429]);
  expect(responses.map((r) => r.headers.get('ratelimit-limit'))).toEqual(['3', '3', '3', '3']);
  expect(Number(responses[0]!.headers.get('ratelimit-remaining'))).toBe(2);
  expect(Number(responses[3]!.headers.get('ratelimit-remaining'))).toBe(0);
  expect(Number(responses[3]!.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(1);

  const limited = responses[3]!;
  expect(errorOf(limited)).toEqual({ status: 429, code: 'rate_limited' });
  expect(limited.body.error).toMatchObject({ type: 'rate_limit_error' });
  expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

  // Another merchant has its own bucket.
  const other = await b.get('/v1/mandates');
  expect(other.status).toBe(200);
  expect(other.headers.get('ratelimit-remaining')).toBe('2');

  // A second later one token is back, and only one.
  now += 1_000;
  expect((await a.get('/v1/mandates')).status).toBe(200);
  expect((await a.get('/v1/mandates')).status).toBe(429);
});

it('shares a merchant’s budget between two gateway replicas on one database, headers included', async () => {
  // A second replica on the same database, with the same clock: together they hold one bucket of 3.
  const second = (await platform.startGateway({ RATE_LIMIT_BURST: '3', RATE_LIMIT_RPS: '1' }, () => now)).url;
  const { token } = await platform.createMerchant();
  const [a, b] = [createApi(url, token), createApi(second, token)];
  const responses = [await a.get('/v1/mandates'), await b.get('/v1/mandates'), await a.get('/v1/mandates'), await b.get('/v1/mandates')];
  expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 429]);
  expect(responses.map((r) => r.headers.get('ratelimit-remaining'))).toEqual(['2', '1', '0', '0']);

  // Racing from both replicas at once, the refill of 2 tokens is given out exactly twice.
  now += 2_000;
  const raced = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).get('/v1/mandates')));
  expect(raced.filter((r) => r.status === 200)).toHaveLength(2);
  expect(raced.filter((r) => r.status === 429)).toHaveLength(8);
});

it('hands a replica tokens in leases while the bucket is well stocked, and never more than the bucket between replicas', async () => {
  // A bucket of 100 that does not refill while the clock stands still.
  const settings = { RATE_LIMIT_BURST: '100', RATE_LIMIT_RPS: '1' };
  const [first, second] = await Promise.all([platform.startGateway(settings, () => now), platform.startGateway(settings, () => now)]);
  const merchant = await platform.createMerchant();
  const [a, b] = [createApi(first.url, merchant.token), createApi(second.url, merchant.token)];

  const opening = await a.get('/v1/mandates');
  expect(opening.headers.get('ratelimit-remaining')).toBe('99');
  // One statement gave the first replica a tenth of the bucket: the shared row holds the rest.
  const client = new pg.Client({ connectionString: platform.db.url });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT tokens, granted FROM gateway.rate_limit_buckets WHERE merchant_id = $1', [merchant.id]);
    expect(rows).toEqual([{ tokens: 90, granted: 10 }]);
  } finally {
    await client.end();
  }

  // Both replicas together get the 100 tokens exactly, however they were leased.
  const statuses = [opening.status];
  for (let i = 1; i < 130; i++) statuses.push((await (i % 2 ? b : a).get('/v1/mandates')).status);
  expect(statuses.filter((s) => s === 200)).toHaveLength(100);
  expect(statuses.slice(-20).every((s) => s === 429)).toBe(true);
});
