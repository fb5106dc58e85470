// Finance exports: POST /v1/exports runs in the background and the download streams the file,
// one row per resource as of the export's snapshot, amounts in major units beside their currency.
import pg from 'pg';
import { VrpClient } from '@vrp/sdk';
import { waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from './support/api.js';
import { errorOf, mandateBody, sandboxCustomer } from './support/fixtures.js';
import { startPlatform, type Platform } from './support/platform.js';

type Json = Record<string, unknown>;

let platform: Platform;
let api: Api;
let other: Api;
let merchantId: string;
let token: string;
let otherToken: string;
let sql: pg.Client;
beforeAll(async () => {
  platform = await startPlatform();
  const merchant = await platform.createMerchant({ payoutCurrency: 'GBP' });
  merchantId = merchant.id;
  token = merchant.token;
  api = platform.api(token);
  otherToken = (await platform.createMerchant({ payoutCurrency: 'GBP' })).token;
  other = platform.api(otherToken);
  sql = new pg.Client({ connectionString: platform.db.url });
  await sql.connect();
});
afterAll(async () => {
  await sql?.end();
  await platform?.stop();
});

/** `n` settled payments of the merchant, written straight into the payment service's table (fast seeding). */
async function seedPayments(n: number, prefix: string, createdAt = "now() - interval '1 hour'"): Promise<void> {
  await sql.query(
    `INSERT INTO payment.payments (id, merchant_id, mandate_id, amount_minor, currency, status, clearing_status, settlement_date, created_at,
                                   submitted_at, metadata, reference, end_to_end_id)
     SELECT $2 || lpad(i::text, 24, '0'), $1, 'MD' || lpad(i::text, 26, '0'), 1000 + i, 'GBP', 'settled', 'cleared', current_date,
            ${createdAt} + i * interval '1 millisecond', now(), jsonb_build_object('batch', $2::text, 'note', 'a, "quoted" note'),
            'INV ' || i, $2 || lpad(i::text, 24, '0')
       FROM generate_series(1, $3::int) i`,
    [merchantId, prefix, n],
  );
}

async function completed(id: string, client = api): Promise<Json> {
  return waitFor(
    async () => {
      const res = await client.get(`/v1/exports/${id}`);
      expect(res.status).toBe(200);
      if (res.body.status === 'failed') throw new Error(`export ${id} failed`);
      return res.body.status === 'completed' ? res.body : undefined;
    },
    { what: `export ${id} completed`, timeoutMs: 60_000 },
  );
}

async function download(url: string, as = token): Promise<{ status: number; type: string | null; text: string }> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${as}` } });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

describe('exports', () => {
  it('exports 1,500 payments to CSV as of its snapshot, in major units with a currency column', async () => {
    await seedPayments(1500, 'PMA');
    // Created after the snapshot (on the clock of the export's creation): never in the file.
    await seedPayments(3, 'PMZ', "now() + interval '1 hour'");
    const res = await api.post('/v1/exports', { type: 'payments', format: 'csv', filters: { metadata: { batch: 'PMA' } } });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ id: expect.stringMatching(/^EX/), status: 'pending', download_url: null, expires_at: null });
    const done = await completed(res.body.id as string);
    expect(done).toMatchObject({
      status: 'completed',
      row_count: 1500,
      download_url: expect.stringContaining(`/v1/exports/${done.id}/download`),
    });
    expect(Date.parse(done.expires_at as string)).toBeGreaterThan(Date.now() + 23 * 3_600_000);

    const file = await download(done.download_url as string);
    expect(file.status).toBe(200);
    expect(file.type).toMatch(/^text\/csv/);
    const lines = file.text.split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines[0]).toBe(
      'id,created_at,mandate_id,status,amount,currency,amount_refunded,reference,end_to_end_id,settlement_date,failure_code,retry_count,clearing_status,metadata',
    );
    expect(lines).toHaveLength(1501);
    expect(lines[1]).toMatch(
      /^PMA0+1,[^,]+,MD0+1,settled,10\.01,GBP,0\.00,INV 1,PMA0+1,\d{4}-\d\d-\d\d,,0,cleared,"\{""note"":""a, \\""quoted\\"" note"",""batch"":""PMA""\}"$/,
    );
    expect(lines[1500]).toMatch(/^PMA0+1500,.*,25\.00,GBP,/);
    // One row per payment, oldest first, none twice.
    const ids = lines.slice(1).map((l) => l.split(',')[0]);
    expect(new Set(ids).size).toBe(1500);
    expect(ids).toEqual([...ids].sort());
  });

  it('exports mandates and events as JSONL, each line as the list returns the resource', async () => {
    const customer = await sandboxCustomer(api);
    const created = await api.post('/v1/mandates', mandateBody(customer, { metadata: { exported: 'yes' } }));
    expect(created.status).toBe(201);
    const res = await api.post('/v1/exports', { type: 'mandates', format: 'jsonl', filters: { metadata: { exported: 'yes' } } });
    const done = await completed(res.body.id as string);
    const file = await download(done.download_url as string);
    expect(file.type).toMatch(/^application\/x-ndjson/);
    const rows = file.text
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Json);
    const listed = await api.get('/v1/mandates?metadata[exported]=yes');
    expect(rows).toEqual(listed.body.results);

    const events = await api.post('/v1/exports', { type: 'events', format: 'jsonl', filters: { event_type: 'mandate.created' } });
    const eventFile = await download((await completed(events.body.id as string)).download_url as string);
    const eventRows = eventFile.text
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Json);
    expect(eventRows.map((e) => (e.data as Json).id)).toContain(created.body.id);
    expect(eventRows.every((e) => e.event_type === 'mandate.created')).toBe(true);
  });

  it('runs through the SDK: create, poll, download the file as text', async () => {
    const vrp = new VrpClient({ baseUrl: platform.url, token });
    let current = await vrp.createExport({ type: 'refunds', format: 'csv', filters: { status: 'settled' } });
    expect(current.status).toBe('pending');
    current = await waitFor(async () => {
      const e = await vrp.getExport(current.id);
      return e.status === 'completed' ? e : undefined;
    });
    expect(await vrp.downloadExport(current.id)).toBe(
      'id,created_at,payment_id,status,amount,currency,reason,expected_settlement_date,settled_at,metadata\r\n',
    );
  });

  it('writes the header alone when nothing matches', async () => {
    const res = await api.post('/v1/exports', { type: 'refunds', format: 'csv', filters: { status: 'failed' } });
    const done = await completed(res.body.id as string);
    expect(done.row_count).toBe(0);
    expect((await download(done.download_url as string)).text).toBe(
      'id,created_at,payment_id,status,amount,currency,reason,expected_settlement_date,settled_at,metadata\r\n',
    );
  });

  it('checks the filters as the list does, naming filters.<param>', async () => {
    const post = (body: Json) => api.post('/v1/exports', body);
    expect(errorOf(await post({ type: 'invoices', format: 'csv' }))).toEqual({ status: 400, code: 'validation_error', param: 'type' });
    expect(errorOf(await post({ type: 'payments', format: 'xlsx' }))).toEqual({ status: 400, code: 'validation_error', param: 'format' });
    expect(errorOf(await post({ type: 'payments', format: 'csv', filters: { status: 'lost' } }))).toEqual({
      status: 400,
      code: 'validation_error',
      param: 'filters.status',
    });
    expect(errorOf(await post({ type: 'payments', format: 'csv', filters: { colour: 'red' } }))).toEqual({
      status: 400,
      code: 'validation_error',
      param: 'filters.colour',
    });
    expect(errorOf(await post({ type: 'payments', format: 'csv', filters: { cursor: 'x' } }))).toEqual({
      status: 400,
      code: 'validation_error',
      param: 'filters.cursor',
    });
    expect(errorOf(await post({ type: 'mandates', format: 'csv', filters: { metadata: { a: '1', b: '2', c: '3', d: '4' } } }))).toEqual({
      status: 400,
      code: 'validation_error',
      param: 'filters.metadata',
    });
    expect(errorOf(await post({ type: 'payments', format: 'csv', filters: { merchant_id: 'MR0000000000000000000000000X' } }))).toEqual({
      status: 403,
      code: 'merchant_mismatch',
      param: 'filters.merchant_id',
    });
  });

  it('authorises the export and its download like every route, and expires the download', async () => {
    const res = await api.post('/v1/exports', { type: 'refunds', format: 'jsonl' });
    const done = await completed(res.body.id as string);
    const url = done.download_url as string;
    expect(errorOf(await other.get(`/v1/exports/${done.id}`))).toEqual({ status: 404, code: 'not_found' });
    expect((await download(url, otherToken)).status).toBe(404);
    expect((await fetch(url)).status).toBe(401);
    expect((await download(url)).status).toBe(200);
    await sql.query(`UPDATE gateway.exports SET expires_at = now() - interval '1 second' WHERE id = $1`, [done.id]);
    const expired = await download(url);
    expect(expired.status).toBe(404);
    expect(JSON.parse(expired.text).error.code).toBe('not_found');
    expect(errorOf(await api.get('/v1/exports/EX0000000000000000000000000X'))).toEqual({ status: 404, code: 'not_found' });
  });
});
