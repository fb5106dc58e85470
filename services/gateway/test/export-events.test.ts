// export.completed: written in the gateway's outbox in the transaction that completes the export,
// published by the outbox relay of whichever process runs export workers, and delivered by the
// webhook service to the merchant's HTTPS endpoint, exactly once, even when the worker that
// completed the export dies before its relay published the event.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { connectEventBus } from '@vrp/outbox';
import { generateTestTls, TestReceiver, waitFor } from '@vrp/testing';
import { EVENT_SCHEMAS, verifyEvent } from '@vrp/webhook-verify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from './support/api.js';
import { startPlatform, type Platform } from './support/platform.js';

type Json = Record<string, unknown>;

const tls = generateTestTls();
const receiver = new TestReceiver(tls);
let platform: Platform;
let api: Api;
let merchantId: string;
let secret: string;
let token: string;
let sql: pg.Client;
const children: ChildProcess[] = [];

beforeAll(async () => {
  await receiver.start();
  // The gateway runs no export worker: the worker processes below do the work and run the relay.
  platform = await startPlatform({
    webhookCa: tls.ca,
    overrides: { WEBHOOK_ALLOW_INSECURE_LOOPBACK: 'true', EXPORT_WORKER: 'false', EXPORT_LEASE: '2s' },
  });
  const merchant = await platform.createMerchant({ payoutCurrency: 'GBP' });
  merchantId = merchant.id;
  token = merchant.token;
  api = platform.api(token);
  const endpoint = await api.post('/v1/webhook-endpoints', { url: receiver.url, enabled_events: ['export.completed'] });
  expect(endpoint.status).toBe(201);
  secret = endpoint.body.secret as string;
  receiver.secrets = [secret];
  sql = new pg.Client({ connectionString: platform.db.url });
  await sql.connect();
  await sql.query(
    `INSERT INTO payment.payments (id, merchant_id, mandate_id, amount_minor, currency, status, clearing_status, settlement_date, created_at,
                                   submitted_at, metadata, reference, end_to_end_id)
     SELECT 'PM' || lpad(i::text, 26, '0'), $1, 'MD' || lpad(i::text, 26, '0'), 100 + i, 'GBP', 'settled', 'cleared', current_date,
            now() - interval '1 day' + i * interval '1 millisecond', now(), '{}', 'R' || i, 'PM' || lpad(i::text, 26, '0')
       FROM generate_series(1, 25) i`,
    [merchantId],
  );
}, 120_000);
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await sql?.end();
  await platform?.stop();
  await receiver.stop();
});

/** An export worker (and its outbox relay) as its own OS process, with the gateway's settings. */
function startWorker(): { child: ChildProcess; exited: Promise<void> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/exports/worker-main.ts'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: { ...process.env, ...platform.gatewayEnv, EXPORT_LEASE: '2s', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return { child, exited: new Promise((resolve) => child.once('exit', () => resolve())) };
}

async function completed(id: string): Promise<Json> {
  return waitFor(
    async () => {
      const res = await api.get(`/v1/exports/${id}`);
      return res.body.status === 'completed' ? res.body : undefined;
    },
    { what: `export ${id} completed`, timeoutMs: 60_000 },
  );
}

/** The deliveries of export.completed about export `id`. */
const deliveriesOf = (id: string) => receiver.received.filter((r) => r.body.event_type === 'export.completed' && r.body.data.id === id);

const outboxRowsOf = async (id: string) =>
  (
    await sql.query<{ event_id: string; published: boolean }>(
      `SELECT event_id, published_at IS NOT NULL AS published FROM gateway.outbox_events
        WHERE subject LIKE '%.export.completed' AND position(convert_to($1, 'UTF8') in payload) > 0`,
      [id],
    )
  ).rows;

/** No second delivery shows up in the time a redelivery would take. */
async function settle(): Promise<void> {
  await new Promise((r) => setTimeout(r, 1500));
}

describe('export.completed', () => {
  it('is delivered once to the HTTPS endpoint, with the export as GET shows it and its download_url', async () => {
    const worker = startWorker();
    try {
      const res = await api.post('/v1/exports', { type: 'payments', format: 'csv', filters: { status: 'settled' } });
      expect(res.status).toBe(202);
      const id = res.body.id as string;
      const done = await completed(id);
      const delivery = await waitFor(() => deliveriesOf(id)[0], { what: `export.completed of ${id}`, timeoutMs: 20_000 });
      await settle();
      expect(deliveriesOf(id)).toHaveLength(1);

      const event = verifyEvent({ body: delivery.rawBody, headers: delivery.headers, secrets: secret });
      expect(event.event_type).toBe('export.completed');
      expect(EVENT_SCHEMAS['export.completed'].safeParse(delivery.body).error?.issues ?? []).toEqual([]);
      const data = delivery.body.data as Json;
      expect(data).toMatchObject({
        id,
        status: 'completed',
        type: 'payments',
        format: 'csv',
        row_count: 25,
        filters: { status: 'settled' },
      });
      // The event names the file on the platform's public address; GET names it on the address it was asked at.
      expect(data.download_url).toBe(`${platform.gatewayEnv.PUBLIC_BASE_URL}/v1/exports/${id}/download`);
      expect({ ...data, download_url: new URL(data.download_url as string).pathname }).toEqual({
        ...done,
        download_url: new URL(done.download_url as string).pathname,
      });
      // That path downloads the file: a header and the 25 rows.
      const file = await fetch(`${platform.url}${new URL(data.download_url as string).pathname}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(file.status).toBe(200);
      expect((await file.text()).split('\r\n').filter(Boolean)).toHaveLength(26);

      // The outbox row was published, and the event is listed under the export's id.
      expect(await outboxRowsOf(id)).toEqual([{ event_id: delivery.body.event_id, published: true }]);
      const listed = await api.get<{ results: Json[] }>(`/v1/webhook-events?resource_id=${id}`);
      expect(listed.body.results.map((e) => [e.id, e.event_type])).toEqual([[delivery.body.event_id, 'export.completed']]);
    } finally {
      worker.child.kill('SIGTERM');
      await worker.exited;
    }
  }, 90_000);

  it('is delivered once when the worker dies after completing the export and before its relay published', async () => {
    // The test holds the relays' leadership lock of the gateway's outbox: the worker completes the
    // export (its outbox row commits with it) but its relay cannot publish.
    const holder = new pg.Client({ connectionString: platform.db.url });
    await holder.connect();
    try {
      expect((await holder.query(`SELECT pg_try_advisory_lock(hashtext('"gateway"."outbox_events"')) AS held`)).rows[0].held).toBe(true);
      const first = startWorker();
      const res = await api.post('/v1/exports', { type: 'payments', format: 'jsonl' });
      const id = res.body.id as string;
      await completed(id);
      first.child.kill('SIGKILL');
      await first.exited;
      const [row] = await outboxRowsOf(id);
      expect(row).toMatchObject({ published: false });
      await settle();
      expect(deliveriesOf(id)).toHaveLength(0);

      // As a relay that published the row and died before marking it would have: the event is on
      // the stream once already; the next relay publishes it again and the stream drops the copy.
      const payload = (
        await sql.query<{ payload: Buffer; subject: string }>('SELECT payload, subject FROM gateway.outbox_events WHERE event_id = $1', [
          row!.event_id,
        ])
      ).rows[0]!;
      const bus = await connectEventBus(platform.gatewayEnv.NATS_URL ?? 'nats://127.0.0.1:4222', 'export-events-test');
      try {
        const ack = await bus.js.publish(payload.subject, payload.payload, { msgID: row!.event_id });
        expect(ack.duplicate).toBe(false);
      } finally {
        await bus.close();
      }
      await holder.end();

      const second = startWorker();
      try {
        await waitFor(async () => ((await outboxRowsOf(id))[0]?.published ? true : undefined), {
          what: 'the next relay to publish the row',
          timeoutMs: 20_000,
        });
        const delivery = await waitFor(() => deliveriesOf(id)[0], { what: `export.completed of ${id}`, timeoutMs: 20_000 });
        await settle();
        expect(deliveriesOf(id)).toHaveLength(1);
        expect(delivery.body).toMatchObject({ event_id: row!.event_id, data: { id, status: 'completed', row_count: 25 } });
      } finally {
        second.child.kill('SIGTERM');
        await second.exited;
      }
    } finally {
      await holder.end().catch(() => undefined);
    }
  }, 120_000);
});
