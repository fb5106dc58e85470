import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from './support/api.js';
import { errorOf, mandateBody, sandboxCustomer } from './support/fixtures.js';
import { startPlatform, type Platform } from './support/platform.js';

let platform: Platform;
let api: Api;
let customer: string;
beforeAll(async () => {
  platform = await startPlatform();
  api = platform.api((await platform.createMerchant()).token);
  customer = await sandboxCustomer(api);
});
afterAll(async () => platform?.stop());

async function countMandates(): Promise<number> {
  const client = new pg.Client({ connectionString: platform.db.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('SELECT count(*)::text AS n FROM mandate.mandates');
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

describe('Idempotency-Key', () => {
  it('replays the first response for the same request', async () => {
    const headers = { 'idempotency-key': 'replay-1' };
    const first = await api.post('/v1/mandates', mandateBody(customer), headers);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    // Same body with keys in another order is the same request.
    const reordered = Object.fromEntries(Object.entries(mandateBody(customer)).reverse());
    const second = await api.post('/v1/mandates', reordered, headers);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.text).toBe(first.text);
  });

  it('refuses the key with a different body or path with 422 idempotency_key_reused', async () => {
    const headers = { 'idempotency-key': 'reuse-1' };
    expect((await api.post('/v1/mandates', mandateBody(customer), headers)).status).toBe(201);
    const changed = await api.post('/v1/mandates', mandateBody(customer, { maximum_amount: '99.00' }), headers);
    expect(errorOf(changed)).toEqual({ status: 422, code: 'idempotency_key_reused', param: 'Idempotency-Key' });
    expect(changed.body.error).toMatchObject({ type: 'idempotency_error' });
    expect(errorOf(await api.post('/v1/sandbox/customers', { sca_completed: true }, headers))).toMatchObject({
      status: 422,
      code: 'idempotency_key_reused',
    });
  });

  it('scopes keys to the merchant', async () => {
    const other = platform.api((await platform.createMerchant()).token);
    const headers = { 'idempotency-key': 'shared-key' };
    const mine = await api.post('/v1/mandates', mandateBody(customer), headers);
    const theirs = await other.post('/v1/mandates', mandateBody(await sandboxCustomer(other)), headers);
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
  });

  it('replays client errors too, but not what fails validation of the key itself', async () => {
    const headers = { 'idempotency-key': 'client-error' };
    const first = await api.post('/v1/mandates', mandateBody(customer, { frequency: 'yearly' }), headers);
    expect(errorOf(first)).toMatchObject({ status: 400, param: 'frequency' });
    const again = await api.post('/v1/mandates', mandateBody(customer, { frequency: 'yearly' }), headers);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.text).toBe(first.text);
    expect(errorOf(await api.post('/v1/mandates', mandateBody(customer), { 'idempotency-key': 'k'.repeat(256) }))).toEqual({
      status: 400,
      code: 'validation_error',
      param: 'Idempotency-Key',
    });
    expect((await api.post('/v1/mandates', mandateBody(customer), { 'idempotency-key': 'k'.repeat(255) })).status).toBe(201);
  });

  it('lets 50 concurrent identical creates make exactly one mandate with 50 identical bodies', async () => {
    const before = await countMandates();
    const headers = { 'idempotency-key': 'concurrent-50' };
    const body = mandateBody(customer, { description: 'concurrent' });
    const responses = await Promise.all(Array.from({ length: 50 }, () => api.post('/v1/mandates', body, headers)));
    expect(new Set(responses.map((r) => r.status))).toEqual(new Set([201]));
    expect(new Set(responses.map((r) => r.text)).size).toBe(1);
    expect(responses.filter((r) => r.headers.get('idempotent-replayed') === null)).toHaveLength(1);
    expect(await countMandates()).toBe(before + 1);
  });
});
