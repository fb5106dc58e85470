import { ApiError } from '@vrp/errors';
import { newId } from '@vrp/ids';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookTestEnv, type Running, type WebhookTestEnv } from './support/harness.js';

let env: WebhookTestEnv;
let sandbox: Running;
let production: Running;
const merchantId = newId('merchant');

beforeAll(async () => {
  env = await createWebhookTestEnv();
  sandbox = await env.start({ WEBHOOK_ALLOW_INSECURE_LOOPBACK: 'false', WEBHOOK_CONSUMER_NAME: 'sandbox' });
  production = await env.start({ VRP_ENV: 'production', WEBHOOK_ALLOW_INSECURE_LOOPBACK: 'false', WEBHOOK_CONSUMER_NAME: 'production' });
});
afterAll(async () => env?.cleanup());

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (err: ApiError) => `${err.code}${err.param ? `:${err.param}` : ''}`,
  );

describe('endpoint registry', () => {
  it('enforces the URL rules of each environment', async () => {
    const create = (r: Running, url: string) => codeOf(r.client.createEndpoint({ merchantId, url }));
    expect(await create(production, 'https://hooks.example.com/vrp')).toBe('ok');
    expect(await create(production, 'http://hooks.example.com/vrp')).toBe('invalid_webhook_url:url');
    expect(await create(production, 'http://127.0.0.1:9000/vrp')).toBe('invalid_webhook_url:url');
    expect(await create(sandbox, 'https://sandbox.example.com/vrp')).toBe('ok');
    expect(await create(sandbox, 'https://hooks.example.com/vrp')).toBe('invalid_webhook_url:url');
    expect(await create(sandbox, 'http://sandbox.example.com/vrp')).toBe('invalid_webhook_url:url');
    expect(await create(sandbox, 'http://localhost:9000/vrp')).toBe('invalid_webhook_url:url');
  });

  it('accepts loopback over http only with WEBHOOK_ALLOW_INSECURE_LOOPBACK, which production refuses at boot', async () => {
    const loopback = await env.start({ WEBHOOK_ALLOW_INSECURE_LOOPBACK: 'true', WEBHOOK_CONSUMER_NAME: 'loopback' });
    expect(await codeOf(loopback.client.createEndpoint({ merchantId, url: 'http://127.0.0.1:9000/vrp' }))).toBe('ok');
    expect(await codeOf(loopback.client.createEndpoint({ merchantId, url: 'http://localhost:9000/vrp' }))).toBe('ok');
    expect(await codeOf(loopback.client.createEndpoint({ merchantId, url: 'http://10.0.0.1/vrp' }))).toBe('invalid_webhook_url:url');
    await loopback.stop();
    expect(() => env.config({ VRP_ENV: 'production', WEBHOOK_ALLOW_INSECURE_LOOPBACK: 'true' })).toThrow(
      /WEBHOOK_ALLOW_INSECURE_LOOPBACK must not be set in production/,
    );
  });

  it('rejects unknown event types and dedupes the known ones', async () => {
    expect(
      await codeOf(
        sandbox.client.createEndpoint({ merchantId, url: 'https://sandbox.example.com/a', enabledEvents: ['payment.exploded'] }),
      ),
    ).toBe('validation_error:enabled_events');
    const { endpoint } = await sandbox.client.createEndpoint({
      merchantId,
      url: 'https://sandbox.example.com/a',
      enabledEvents: ['payment.settled', 'payment.settled', 'refund.created'],
    });
    expect(endpoint?.enabledEvents).toEqual(['payment.settled', 'refund.created']);
  });

  it('shows the secret only on create and rotate, and never stores it in plain text', async () => {
    const created = await sandbox.client.createEndpoint({ merchantId, url: 'https://sandbox.example.com/s', description: 'main' });
    expect(created.secret).toMatch(/^whsec_/);
    const id = created.endpoint!.id;
    expect(id).toMatch(/^WE/);
    expect(created.endpoint).toMatchObject({
      url: 'https://sandbox.example.com/s',
      description: 'main',
      status: 'enabled',
      enabledEvents: [],
    });
    const fetched = await sandbox.client.getEndpoint({ merchantId, id });
    expect(JSON.stringify(fetched, (_k, v) => (typeof v === 'bigint' ? String(v) : v))).not.toContain(created.secret.slice(6));

    const rotated = await sandbox.client.rotateEndpointSecret({ merchantId, id });
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(created.secret);
    expect(Number(rotated.endpoint!.secretExpiresAt!.seconds)).toBeGreaterThanOrEqual(Number(created.endpoint!.secretExpiresAt!.seconds));
    const days = (Number(rotated.endpoint!.secretExpiresAt!.seconds) - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);

    const client = new pg.Client({ connectionString: env.db.url });
    await client.connect();
    const { rows } = await client.query('SELECT row_to_json(e)::text AS t FROM webhook.endpoints e WHERE id = $1', [id]);
    await client.end();
    expect(rows[0].t).not.toContain(created.secret.slice(6));
    expect(rows[0].t).not.toContain(rotated.secret.slice(6));
  });

  it('lists with keyset pages, hides other merchants, and deletes: afterwards not_found everywhere', async () => {
    const other = newId('merchant');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await sandbox.client.createEndpoint({ merchantId: other, url: `https://sandbox.example.com/${i}` })).endpoint!.id);
    const first = await sandbox.client.listEndpoints({ merchantId: other, page: { pageSize: 2 } });
    expect(first.endpoints.map((e) => e.id)).toEqual([ids[2], ids[1]]);
    expect(first.pageInfo?.hasMore).toBe(true);
    const last = first.endpoints[1]!;
    const second = await sandbox.client.listEndpoints({
      merchantId: other,
      page: { pageSize: 2, after: { id: last.id, createdAt: last.createdAt } },
    });
    expect(second.endpoints.map((e) => e.id)).toEqual([ids[0]]);
    expect(second.pageInfo?.hasMore).toBe(false);
    expect(await codeOf(sandbox.client.listEndpoints({ merchantId: other, page: { order: 3 } }))).toBe('invalid_order:order');

    expect(await codeOf(sandbox.client.getEndpoint({ merchantId, id: ids[0]! }))).toBe('not_found');
    expect(await codeOf(sandbox.client.deleteEndpoint({ merchantId, id: ids[0]! }))).toBe('not_found');
    expect(await codeOf(sandbox.client.rotateEndpointSecret({ merchantId, id: ids[0]! }))).toBe('not_found');
    const deleted = await sandbox.client.deleteEndpoint({ merchantId: other, id: ids[0]! });
    expect(deleted.endpoint?.status).toBe('disabled');
    expect(await codeOf(sandbox.client.deleteEndpoint({ merchantId: other, id: ids[0]! }))).toBe('not_found');
    expect(await codeOf(sandbox.client.getEndpoint({ merchantId: other, id: ids[0]! }))).toBe('not_found');
    expect(await codeOf(sandbox.client.rotateEndpointSecret({ merchantId: other, id: ids[0]! }))).toBe('not_found');
    expect((await sandbox.client.listEndpoints({ merchantId: other })).endpoints.map((e) => e.id)).toEqual([ids[2], ids[1]]);
    // Racing deletes: exactly one of them deletes, the others find nothing.
    const codes = await Promise.all([1, 2, 3].map(() => codeOf(sandbox.client.deleteEndpoint({ merchantId: other, id: ids[1]! }))));
    expect(codes.sort()).toEqual(['not_found', 'not_found', 'ok']);
  });
  // Concurrent rotations are in rotation.test.ts, where every secret is checked to sign.
});
