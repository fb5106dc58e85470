// An export survives the death of the process writing it: killed (SIGKILL) mid-export, the
// export stays pending with only whole chunks, and a new worker process resumes it at the last
// committed row, so the file is complete and holds every row once. An export interrupted too
// many times fails cleanly instead: no file, never completed.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { waitFor } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from './support/api.js';
import { startPlatform, type Platform } from './support/platform.js';

const ROWS = 40_000;

let platform: Platform;
let api: Api;
let token: string;
let merchantId: string;
let sql: pg.Client;
const children: ChildProcess[] = [];

beforeAll(async () => {
  // The platform's gateway runs no export worker: the worker processes below do the work.
  platform = await startPlatform({ overrides: { EXPORT_WORKER: 'false', EXPORT_LEASE: '2s' } });
  const merchant = await platform.createMerchant({ payoutCurrency: 'GBP' });
  merchantId = merchant.id;
  token = merchant.token;
  api = platform.api(token);
  sql = new pg.Client({ connectionString: platform.db.url });
  await sql.connect();
  await sql.query(
    `INSERT INTO payment.payments (id, merchant_id, mandate_id, amount_minor, currency, status, clearing_status, settlement_date, created_at,
                                   submitted_at, metadata, reference, end_to_end_id)
     SELECT 'PM' || lpad(i::text, 26, '0'), $1, 'MD' || lpad((i % 97)::text, 26, '0'), 100 + i, 'GBP', 'settled', 'cleared', current_date,
            now() - interval '1 day' + i * interval '1 millisecond', now(), '{}', 'R' || i, 'PM' || lpad(i::text, 26, '0')
       FROM generate_series(1, ${ROWS}) i`,
    [merchantId],
  );
}, 120_000);
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await sql?.end();
  await platform?.stop();
});

/** An export worker as its own OS process, with the gateway's settings. */
function startWorker(): { child: ChildProcess; exited: Promise<void> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/exports/worker-main.ts'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: { ...process.env, ...platform.gatewayEnv, EXPORT_LEASE: '2s', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return { child, exited: new Promise((resolve) => child.once('exit', () => resolve())) };
}

const stateOf = async (id: string) =>
  (
    await sql.query<{ status: string; chunk_count: number; row_count: string; attempts: number }>(
      'SELECT status, chunk_count, row_count::text AS row_count, attempts FROM gateway.exports WHERE id = $1',
      [id],
    )
  ).rows[0]!;

describe('an export whose worker is killed', () => {
  it('is resumed by the next worker and completes whole, every row once', async () => {
    const res = await api.post('/v1/exports', { type: 'payments', format: 'csv' });
    expect(res.status).toBe(202);
    const id = res.body.id as string;

    const first = startWorker();
    await waitFor(async () => ((await stateOf(id)).chunk_count >= 3 ? true : undefined), {
      what: 'three chunks written',
      timeoutMs: 60_000,
    });
    first.child.kill('SIGKILL');
    await first.exited;
    const killed = await stateOf(id);
    expect(killed.status).toBe('pending');
    expect(Number(killed.row_count)).toBeLessThan(ROWS);
    expect((await api.get(`/v1/exports/${id}`)).body).toMatchObject({ status: 'pending', download_url: null });

    const second = startWorker();
    const done = await waitFor(
      async () => {
        const body = (await api.get(`/v1/exports/${id}`)).body;
        return body.status === 'completed' ? body : undefined;
      },
      { what: 'the export completed by the second worker', timeoutMs: 90_000 },
    );
    second.child.kill('SIGTERM');
    expect(done.row_count).toBe(ROWS);
    expect((await stateOf(id)).attempts).toBe(2);

    const file = await fetch(done.download_url as string, { headers: { authorization: `Bearer ${token}` } });
    const lines = (await file.text()).split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines[0]!.startsWith('id,created_at,')).toBe(true);
    const ids = lines.slice(1).map((l) => l.slice(0, l.indexOf(',')));
    expect(ids).toHaveLength(ROWS);
    expect(new Set(ids).size).toBe(ROWS);
    expect(ids[0]).toBe(`PM${'1'.padStart(26, '0')}`);
    expect(ids.at(-1)).toBe(`PM${String(ROWS).padStart(26, '0')}`);
  }, 180_000);

  it('fails cleanly, its partial file dropped, once it was interrupted too many times', async () => {
    const res = await api.post('/v1/exports', { type: 'payments', format: 'jsonl' });
    const id = res.body.id as string;
    // As if five workers had died holding it, the last having written a chunk.
    await sql.query(`UPDATE gateway.exports SET attempts = 5, chunk_count = 1, lease_until = now() - interval '1 second' WHERE id = $1`, [
      id,
    ]);
    await sql.query(`INSERT INTO gateway.export_chunks (export_id, seq, data) VALUES ($1, 0, 'partial')`, [id]);
    const worker = startWorker();
    const failed = await waitFor(
      async () => {
        const body = (await api.get(`/v1/exports/${id}`)).body;
        return body.status === 'failed' ? body : undefined;
      },
      { what: 'the export failed', timeoutMs: 30_000 },
    );
    worker.child.kill('SIGTERM');
    expect(failed).toMatchObject({ status: 'failed', download_url: null });
    expect((await sql.query('SELECT count(*)::int AS n FROM gateway.export_chunks WHERE export_id = $1', [id])).rows[0].n).toBe(0);
    const download = await fetch(`${platform.url}/v1/exports/${id}/download`, { headers: { authorization: `Bearer ${token}` } });
    expect(download.status).toBe(404);
  }, 60_000);
});
