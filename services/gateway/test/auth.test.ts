import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MerchantRepository } from '../src/db/merchants.js';
import { createPool, rows, type SqlPool } from '@vrp/sql';
import { revokeToken } from '../src/usecases/revoke-token.js';
import { createApi } from './support/api.js';
import { errorOf } from './support/fixtures.js';
import { startPlatform, type Platform } from './support/platform.js';

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

const anonymousWith = (authorization: string) => platform.api().get('/v1/mandates', { authorization });

describe('bearer authentication', () => {
  it('requires a well-formed Authorization header', async () => {
    const anonymous = platform.api();
    expect(errorOf(await anonymous.get('/v1/mandates'))).toEqual({ status: 401, code: 'authentication_required' });
    for (const header of ['Basic abc', 'Bearer', 'bearer', 'Bearer a b', 'vrp_sandbox_abcdefghijklmnopqrstuvwxyz']) {
      const res = await anonymous.get('/v1/mandates', { authorization: header });
      expect(errorOf(res), header).toEqual({ status: 401, code: 'authentication_required' });
      expect(res.body.error).toMatchObject({ type: 'authentication_error' });
    }
  });

  it('refuses unknown, revoked and other-environment tokens with invalid_token', async () => {
    const unknown = createApi(platform.url, 'vrp_sandbox_thisTokenWasNeverIssuedToAnyone123');
    expect(errorOf(await unknown.get('/v1/mandates'))).toEqual({ status: 401, code: 'invalid_token' });
    expect(errorOf(await createApi(platform.url, 'sk_live_whatever').get('/v1/mandates'))).toEqual({ status: 401, code: 'invalid_token' });

    const live = await platform.createMerchant({ environment: 'production' });
    expect(live.token).toMatch(/^vrp_live_/);
    expect(errorOf(await platform.api(live.token).get('/v1/mandates'))).toEqual({ status: 401, code: 'invalid_token' });

    const merchant = await platform.createMerchant();
    const api = platform.api(merchant.token);
    expect((await api.get('/v1/mandates')).status).toBe(200);
    expect((await anonymousWith(`bearer ${merchant.token}`)).status).toBe(200); // scheme is case-insensitive
    await revokeToken(new MerchantRepository(db), { token: merchant.token });
    // The gateway reuses a token's answer for at most AUTH_CACHE_TTL_MS (1 s): the revocation shows within it.
    await expect
      .poll(async () => errorOf(await api.get('/v1/mandates')), { timeout: 5000, interval: 100 })
      .toEqual({
        status: 401,
        code: 'invalid_token',
      });
  });

  it('stores only the hash of a token', async () => {
    const merchant = await platform.createMerchant();
    const tokens = await rows<{ tokenHash: string }>(
      db,
      'SELECT *, token_hash AS "tokenHash" FROM gateway.api_tokens WHERE merchant_id = $1',
      [merchant.id],
    );
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(tokens)).not.toContain(merchant.token);
  });

  it('checks the token before anything else under /v1, but not for the OpenAPI document', async () => {
    expect(errorOf(await platform.api().get('/v1/nowhere'))).toEqual({ status: 401, code: 'authentication_required' });
    expect((await platform.api().get('/v1/openapi.json')).status).toBe(200);
  });
});

describe('failed authentications per address', () => {
  it('are counted before the token is looked up: past the budget even a valid token from that address gets 429, others do not', async () => {
    const gateway = await platform.startGateway({ TRUST_PROXY: '1', AUTH_FAILURE_BURST: '3', AUTH_FAILURES_PER_MINUTE: '1' });
    const merchant = await platform.createMerchant();
    const from = (address: string, token: string) => createApi(gateway.url, token).get('/v1/mandates', { 'x-forwarded-for': address });
    const guesses = [];
    for (let i = 0; i < 3; i++) guesses.push(await from('2001:db8:aa::1', `vrp_sandbox_randomGuess${i}xxxxxxxxxxxxxxxxxxxxxxxx`));
    expect(guesses.map(errorOf)).toEqual(Array(3).fill({ status: 401, code: 'invalid_token' }));
    // The budget is spent: the next guess, and even a valid token, from anywhere in that /64 are refused unlooked-up.
    const refused = await from('2001:db8:aa::2', 'vrp_sandbox_randomGuess9xxxxxxxxxxxxxxxxxxxxxxxx');
    expect(errorOf(refused)).toEqual({ status: 429, code: 'rate_limited' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(50);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(errorOf(await from('2001:db8:aa::3', merchant.token))).toEqual({ status: 429, code: 'rate_limited' });
    // Another address is not held back.
    expect((await from('2001:db8:bb::1', merchant.token)).status).toBe(200);
    expect(errorOf(await from('2001:db8:bb::1', 'vrp_sandbox_randomGuessBxxxxxxxxxxxxxxxxxxxxxxxxx'))).toEqual({
      status: 401,
      code: 'invalid_token',
    });
  });
});
