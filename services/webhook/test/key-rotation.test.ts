import { createCipheriv, randomBytes } from 'node:crypto';
import { newId } from '@vrp/ids';
import { TestReceiver, waitFor } from '@vrp/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretKeyId } from '../src/domain/signing-secret.js';
import { domainEvent } from './support/events.js';
import { createWebhookTestEnv, type WebhookTestEnv } from './support/harness.js';

// Rotating the key that seals signing secrets, online: replicas keep delivering, signed with the
// merchants' unchanged secrets, while every stored secret moves from the old key to the new one.
const K1 = randomBytes(32);
const K2 = randomBytes(32);
const hex = (k: Buffer) => k.toString('hex');

let env: WebhookTestEnv;
let receiver: TestReceiver;
let db: pg.Pool;
const merchantId = newId('merchant');

beforeAll(async () => {
  env = await createWebhookTestEnv();
  receiver = new TestReceiver(env.tls);
  await receiver.start();
  db = new pg.Pool({ connectionString: env.db.url, max: 2 });
});
afterAll(async () => {
  await db?.end();
  await env?.cleanup();
  await receiver?.stop();
});

/** A replica with WEBHOOK_SECRET_KEY listing `keys`, its re-seal job looking every 200 ms. */
const replica = (keys: Buffer[], more: Record<string, string> = {}) =>
  env.start({ WEBHOOK_SECRET_KEY: keys.map(hex).join(','), WEBHOOK_RESEAL_INTERVAL: '200ms', ...more });

/** The key ids the stored secrets carry (current and replaced), `v1` for the first format. */
async function storedKeyIds(): Promise<string[]> {
  const { rows } = await db.query<{ secret_ciphertext: string; previous_secrets: { ciphertext: string }[] }>(
    'SELECT secret_ciphertext, previous_secrets FROM webhook.endpoints ORDER BY id',
  );
  return rows
    .flatMap((r) => [r.secret_ciphertext, ...r.previous_secrets.map((p) => p.ciphertext)])
    .map((sealed) => (sealed.startsWith('v2.') ? sealed.split('.')[1]! : sealed.split('.')[0]!));
}

/** Publishes an event and waits until each endpoint got it, every signature it carries verified. */
async function deliveredToAll(paths: string[]): Promise<void> {
  const ev = domainEvent('payment.settled', merchantId);
  await env.publish(ev);
  const got = await waitFor(
    () => {
      const seen = receiver.received.filter((r) => r.body.event_id === ev.eventId);
      return paths.every((p) => seen.some((r) => r.path.endsWith(p))) ? seen : undefined;
    },
    { what: `${ev.eventId} at every endpoint` },
  );
  for (const r of got) {
    expect(r.validSignatures, r.path).toBe(r.signatureCount);
    expect(r.headers['x-svc-delivery-attempt'], r.path).toBe('1');
  }
}

/** A secret sealed in the first format, as stored before keys had ids. */
function sealedV1(key: Buffer, endpointId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(endpointId, 'utf8'));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

describe('rotating WEBHOOK_SECRET_KEY', () => {
  it('moves every stored secret to the new key while replicas keep delivering, then works on the new key alone', async () => {
    const [id1, id2] = [secretKeyId(K1), secretKeyId(K2)];
    // Before: one key. Two endpoints (one rotated, so it has a replaced secret still signing) and
    // one stored before keys had ids.
    const a = await replica([K1]);
    const e1 = await a.client.createEndpoint({ merchantId, url: `${receiver.url}?e1` });
    const e2 = await a.client.createEndpoint({ merchantId, url: `${receiver.url}?e2` });
    const e2Rotated = await a.client.rotateEndpointSecret({ merchantId, id: e2.endpoint!.id });
    const legacyId = newId('webhookEndpoint');
    const legacySecret = `whsec_${randomBytes(32).toString('base64url')}`;
    await db.query(
      `INSERT INTO webhook.endpoints (id, merchant_id, url, enabled_events, created_at, secret_ciphertext, secret_rotated_at)
       VALUES ($1, $2, $3, '{}', now(), $4, now())`,
      [legacyId, merchantId, `${receiver.url}?legacy`, sealedV1(K1, legacyId, legacySecret)],
    );
    receiver.secrets = [e1.secret, e2.secret, e2Rotated.secret, legacySecret];
    const paths = ['?e1', '?e2', '?legacy'];
    await deliveredToAll(paths);
    // The job moves the first-format secret onto the key, with its id.
    await waitFor(async () => (await storedKeyIds()).every((id) => id === id1), { what: 'every secret sealed with K1, with its id' });

    // 1. Every replica learns the new key (the old one still seals): one such replica joins, the old one leaves.
    const b = await replica([K1, K2]);
    await a.stop();
    await deliveredToAll(paths);

    // 2. The new key seals: a replica listing it first joins while the previous one still runs.
    const c = await replica([K2, K1]);
    await deliveredToAll(paths);
    const e3 = await c.client.createEndpoint({ merchantId, url: `${receiver.url}?e3` });
    receiver.secrets.push(e3.secret);
    await deliveredToAll([...paths, '?e3']);
    await b.stop();
    await waitFor(async () => (await storedKeyIds()).every((id) => id === id2), { what: 'every secret re-sealed with K2' });
    expect(await storedKeyIds()).toHaveLength(5);
    await deliveredToAll([...paths, '?e3']);

    // 3. The old key goes: the new one alone opens and seals everything.
    const d = await replica([K2]);
    await c.stop();
    await deliveredToAll([...paths, '?e3']);
    const e1Rotated = await d.client.rotateEndpointSecret({ merchantId, id: e1.endpoint!.id });
    receiver.secrets.push(e1Rotated.secret);
    await deliveredToAll([...paths, '?e3']);
    expect(new Set(await storedKeyIds())).toEqual(new Set([id2]));
    // No attempt failed along the way.
    expect(receiver.received.filter((r) => r.answeredWith !== 200 || r.validSignatures === 0)).toEqual([]);
  });

  it('leaves a secret no listed key opens as it is, and refuses nothing else for it', async () => {
    // Its error line is logged once, not on every pass (silenced here).
    const lone = await replica([K2], { LOG_LEVEL: 'silent' });
    const stranger = newId('webhookEndpoint');
    const sealed = sealedV1(randomBytes(32), stranger, 'whsec_unknown');
    await db.query(
      `INSERT INTO webhook.endpoints (id, merchant_id, url, enabled_events, created_at, secret_ciphertext, secret_rotated_at)
       VALUES ($1, $2, 'https://hooks.example.com/x', '{}', now(), $3, now())`,
      [stranger, newId('merchant'), sealed],
    );
    expect(await lone.service.resealer.runOnce()).toBe(0);
    const { rows } = await db.query<{ secret_ciphertext: string }>('SELECT secret_ciphertext FROM webhook.endpoints WHERE id = $1', [
      stranger,
    ]);
    expect(rows[0]!.secret_ciphertext).toBe(sealed);
    await lone.stop();
  });
});
