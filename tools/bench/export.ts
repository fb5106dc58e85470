/**
 * Export benchmark: seeds N settled payments of one merchant (straight into the payment service's
 * table), asks for a CSV export of them through the API, and lets an export worker run as its own
 * OS process (the gateway's worker, started alone) while this process samples its memory. Prints
 * rows per second, the worker's peak resident memory (VmHWM) against the 256 MB budget, the file's
 * size, and checks the download holds every row once. The platform's services run in this process.
 *
 *   npm run bench:export                      (1,000,000 rows)
 *   npm run bench:export -- --rows=50000
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const flag = process.argv.find((a) => a.startsWith('--rows='));
const ROWS = Number(flag ? flag.slice('--rows='.length) : (process.env.BENCH_ROWS ?? 1_000_000));
const BUDGET_MB = 256;
const HEAP_MB = 128;
const SEED_BATCH = 100_000;
const log = (line: string) => console.log(`[bench] ${line}`);

if (!Number.isInteger(ROWS) || ROWS < 1) throw new Error('--rows must be a positive integer');

/** A process's current and peak resident memory in MB, from /proc (undefined once it exited). */
function memoryOf(pid: number): { rss: number; hwm: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
  } catch {
    return undefined;
  }
}

async function main(): Promise<void> {
  log(`starting the platform in-process with no export worker (fresh database and stream)`);
  const { startPlatform } = await import('../../services/gateway/test/support/platform.js');
  const platform = await startPlatform({ overrides: { EXPORT_WORKER: 'false', RATE_LIMIT_RPS: '1000000', RATE_LIMIT_BURST: '1000000' } });
  const sql = new pg.Client({ connectionString: platform.db.url });
  await sql.connect();
  try {
    const merchant = await platform.createMerchant({ payoutCurrency: 'GBP', name: 'Benchmark' });
    const api = platform.api(merchant.token);
    log(`seeding ${ROWS.toLocaleString('en')} settled payments`);
    for (let from = 1; from <= ROWS; from += SEED_BATCH) {
      const to = Math.min(ROWS, from + SEED_BATCH - 1);
      await sql.query(
        `INSERT INTO payment.payments (id, merchant_id, mandate_id, amount_minor, currency, status, clearing_status, settlement_date,
                                       created_at, submitted_at, metadata, reference, end_to_end_id)
         SELECT 'PM' || lpad(i::text, 26, '0'), $1, 'MD' || lpad((i % 5000)::text, 26, '0'), 100 + i % 100000, 'GBP', 'settled', 'cleared',
                current_date, now() - interval '30 days' + i * interval '1 millisecond', now(), jsonb_build_object('order', 'O' || i),
                'INV ' || i, 'PM' || lpad(i::text, 26, '0')
           FROM generate_series($2::int, $3::int) i`,
        [merchant.id, from, to],
      );
    }
    await sql.query('ANALYZE payment.payments');

    // The worker runs as deployed: its old generation capped, so V8 collects instead of growing
    // into the budget (rows stream through; nothing an export keeps needs more).
    const worker = spawn(process.execPath, [`--max-old-space-size=${HEAP_MB}`, '--import', 'tsx', 'src/exports/worker-main.ts'], {
      cwd: fileURLToPath(new URL('../../services/gateway/', import.meta.url)),
      env: { ...process.env, ...platform.gatewayEnv, LOG_LEVEL: 'warn' },
      // Its warnings and errors (JSON lines on stdout) say why an export was interrupted or failed.
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    // Its memory at rest first (Node, the clients, the code loaded), then what the export adds.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    const idle = memoryOf(worker.pid!);
    if (!idle) throw new Error('the export worker exited');
    const created = await api.post('/v1/exports', { type: 'payments', format: 'csv' });
    if (created.status !== 202) throw new Error(`POST /v1/exports answered ${created.status}: ${created.text}`);
    const id = created.body.id as string;
    const started = Date.now();
    let peak = 0;
    let body: Record<string, unknown> = {};
    for (;;) {
      const memory = memoryOf(worker.pid!);
      if (memory) peak = Math.max(peak, memory.hwm);
      body = (await api.get(`/v1/exports/${id}`)).body;
      if (body.status !== 'pending') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const seconds = (Date.now() - started) / 1000;
    const last = memoryOf(worker.pid!);
    if (last) peak = Math.max(peak, last.hwm);
    worker.kill('SIGTERM');
    if (body.status !== 'completed') throw new Error(`the export ended ${String(body.status)}: ${JSON.stringify(body)}`);

    const file = await fetch(body.download_url as string, { headers: { authorization: `Bearer ${merchant.token}` } });
    let bytes = 0;
    let lines = 0;
    for await (const chunk of file.body!) {
      bytes += (chunk as Uint8Array).length;
      for (const b of chunk as Uint8Array) if (b === 10) lines += 1;
    }
    const rows = Number(body.row_count);
    log(`rows exported: ${rows.toLocaleString('en')} (file ${(bytes / 1024 / 1024).toFixed(1)} MB, ${lines - 1} data lines)`);
    log(`rows/s: ${Math.round(rows / seconds).toLocaleString('en')} (${seconds.toFixed(1)} s, worker start to completed)`);
    log(`export worker memory at rest: ${idle.rss.toFixed(0)} MB`);
    log(`export worker peak memory (VmHWM): ${peak.toFixed(0)} MB (budget ${BUDGET_MB} MB: ${peak < BUDGET_MB ? 'within' : 'OVER'})`);
    if (rows !== ROWS || lines - 1 !== ROWS) throw new Error(`expected ${ROWS} rows, the export has ${rows} and the file ${lines - 1}`);
    if (peak >= BUDGET_MB) process.exitCode = 1;
  } finally {
    await sql.end();
    await platform.stop();
  }
}

await main();
