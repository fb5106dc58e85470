import { ApiError } from '@vrp/errors';
import { newId } from '@vrp/ids';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookTestEnv, type Running, type WebhookTestEnv } from './support/harness.js';

// One event fans out to every endpoint of its merchant: at most 16 endpoints per merchant bound it.
let env: WebhookTestEnv;
let svc: Running;
let other: Running;

beforeAll(async () => {
  env = await createWebhookTestEnv();
  // Two replicas over one database: the limit is the database's, not a replica's memory.
  [svc, other] = await Promise.all([env.start(), env.start()]);
});
afterAll(async () => env?.cleanup());

const create = (r: Running, merchantId: string, i: number) =>
  r.client.createEndpoint({ merchantId, url: `https://sandbox.example.com/hooks/${i}` }).then(
    (res) => res.endpoint!.id,
    (err: unknown) => {
      if (err instanceof ApiError) return err.code;
      throw err;
    },
  );

describe('webhook endpoints per merchant', () => {
  it('lets exactly 16 of 40 concurrent creates through, on two replicas; the others are 422 too_many_endpoints', async () => {
    const merchantId = newId('merchant');
    const outcomes = await Promise.all(Array.from({ length: 40 }, (_, i) => create(i % 2 ? svc : other, merchantId, i)));
    expect(outcomes.filter((o) => o.startsWith('WE'))).toHaveLength(16);
    expect(outcomes.filter((o) => !o.startsWith('WE'))).toEqual(Array(24).fill('too_many_endpoints'));
    const listed = await svc.client.listEndpoints({ merchantId, page: { pageSize: 100 } });
    expect(listed.endpoints).toHaveLength(16);
    // Another merchant is not affected.
    expect(await create(svc, newId('merchant'), 0)).toMatch(/^WE/);
  });

  it('counts live endpoints only: a deleted one makes room for one more, and no more', async () => {
    const merchantId = newId('merchant');
    const ids: string[] = [];
    for (let i = 0; i < 16; i++) ids.push(await create(svc, merchantId, i));
    await svc.client.setEndpointEnabled({ merchantId, id: ids[1]!, enabled: false });
    // A disabled endpoint is still one of the 16.
    expect(await create(svc, merchantId, 16)).toBe('too_many_endpoints');
    await svc.client.deleteEndpoint({ merchantId, id: ids[0]! });
    expect(await create(other, merchantId, 17)).toMatch(/^WE/);
    const refused = await svc.client.createEndpoint({ merchantId, url: 'https://sandbox.example.com/hooks/18' }).catch((e: ApiError) => e);
    expect(refused).toMatchObject({ code: 'too_many_endpoints', message: expect.stringMatching(/at most 16 webhook endpoints/) });
  });
});
