/**
 * The billing run at scale: N schedules of N customers (each its own active mandate) all due at
 * one instant, reached by one advance of the merchant's sandbox clock. Prints payments created and
 * submitted to the bank per second, the time until the last is submitted, event-to-delivery p99
 * of the payment.submitted webhooks they cause, the API's read p99 during the run and the peak RSS
 * of every process, next to a ceiling measured in the same run: the same rows written in batches
 * straight into Postgres. See README.md.
 *
 *   npm run bench:collection-run                       (100,000 schedules: a quiet machine, a long while)
 *   npm run bench:collection-run -- --schedules 2000   (a quick check that it works)
 */
import http from 'node:http';
import pg from 'pg';
import { percentile } from './lib/measure.js';
import { batchCeiling } from './lib/batch-ceiling.js';
import { serviceProcesses } from './lib/process-cpu.js';
import { watchRss } from './lib/rss.js';
import { benchApi, seedMandates, type BenchApi } from './lib/seed.js';

const log = (line: string) => console.log(`[bench] ${line}`);

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : Number(process.env[`BENCH_${name.toUpperCase()}`] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer`);
  return value;
}

/** A plain HTTP receiver noting when each delivery arrived and the event's created_at. */
async function startReceiver() {
  const arrivals: { createdAt: number; at: number }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = Date.now();
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { created_at: string; data: { schedule_id?: string } };
        if (body.data.schedule_id) arrivals.push({ createdAt: Date.parse(body.created_at), at });
      } catch {
        // not one of ours
      }
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { port: (server.address() as { port: number }).port, arrivals, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** Creates one monthly schedule per mandate, all starting on `startDate`, 16 at a time. */
async function seedSchedules(api: BenchApi, mandates: string[], startDate: string): Promise<string[]> {
  const ids: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < mandates.length) {
        const mandateId = mandates[next++]!;
        const res = await api.post('/v1/schedules', {
          mandate_id: mandateId,
          amount: '10.00',
          interval_unit: 'month',
          start_date: startDate,
        });
        if (res.status !== 201) throw new Error(`creating a schedule failed: ${res.status} ${JSON.stringify(res.body)}`);
        ids.push(res.body.id as string);
        if (ids.length % 1000 === 0) log(`seeded ${ids.length}/${mandates.length} schedules`);
      }
    }),
  );
  return ids;
}

/** Reads the API while the run goes on (a schedule, a page of payments), answering each read's latency. */
function readWhileRunning(api: BenchApi, scheduleIds: string[]): { stop(): Promise<number[]> } {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    for (let i = 0; running; i++) {
      const started = performance.now();
      const path = i % 2 ? `/v1/schedules/${scheduleIds[i % scheduleIds.length]}` : '/v1/payments?page_size=10';
      const res = await api.get(path);
      if (res.status === 200) latencies.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return latencies.sort((a, b) => a - b);
    },
  };
}

async function main(): Promise<void> {
  const schedules = flag('schedules', 100_000);
  const receiver = await startReceiver();
  log('starting the platform as separate processes (fresh database and stream)');
  const { startLocalPlatform } = await import('../dev/local-platform.js');
  const local = await startLocalPlatform({
    RATE_LIMIT_RPS: '1000000',
    RATE_LIMIT_BURST: '1000000',
    // Mandates are activated by the seeding (which approves their consents at the bank), never by the sandbox's own delay.
    SANDBOX_ACTIVATION_DELAY_MS: '3600000',
    // Settlement an hour later (on the clock): the run measures creation and submission.
    SANDBOX_SETTLEMENT_DELAY_MS: '3600000',
    WEBHOOK_ALLOW_INSECURE_LOOPBACK: 'true',
    WEBHOOK_MAX_PER_SECOND_PER_ADDRESS: '100000',
    WEBHOOK_MAX_IN_FLIGHT_PER_ADDRESS: '256',
  });
  const db = new pg.Pool({ connectionString: local.env.DATABASE_URL, max: 2 });
  try {
    const api = benchApi(local.url, local.createMerchant('Collection run'));
    const endpoint = await api.post('/v1/webhook-endpoints', {
      url: `http://127.0.0.1:${receiver.port}/hooks`,
      enabled_events: ['payment.submitted'],
    });
    if (endpoint.status !== 201) throw new Error(`creating the endpoint failed: ${endpoint.status} ${JSON.stringify(endpoint.body)}`);
    log(`seeding ${schedules} customers with an active mandate each`);
    const mandates = await seedMandates(api, schedules, log);
    const now = new Date(((await api.get('/v1/sandbox/clock')).body as { now: string }).now);
    const tomorrow = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    const scheduleIds = await seedSchedules(api, mandates, new Date(tomorrow).toISOString().slice(0, 10));

    const processes = serviceProcesses(local.runner.pid!);
    const rss = watchRss(processes);
    const reads = readWhileRunning(api, scheduleIds);
    const seconds = Math.ceil((tomorrow - now.getTime()) / 1000) + 1;
    log(`advancing the clock ${seconds} s: ${schedules} cycles fall due at once`);
    const t0 = Date.now();
    const advanced = await api.post('/v1/sandbox/clock/advance', { seconds });
    if (advanced.status !== 200) throw new Error(`advance failed: ${advanced.status} ${JSON.stringify(advanced.body)}`);
    const offsetMs = Date.parse((advanced.body as { now: string }).now) - Date.now();
    const series: { at: number; created: number; submitted: number }[] = [];
    const deadline = t0 + Math.max(120_000, schedules * 20);
    for (;;) {
      const { rows } = await db.query<{ created: number; submitted: number }>(
        `SELECT count(*)::int AS created, count(bank_acked_at)::int AS submitted FROM payment.payments WHERE schedule_id IS NOT NULL`,
      );
      series.push({ at: Date.now(), ...rows[0]! });
      if (rows[0]!.submitted >= schedules || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const last = series.at(-1)!;
    const firstCreated = series.find((s) => s.created > 0)?.at ?? t0;
    const lastCreated = series.find((s) => s.created >= last.created)!.at;
    const lastSubmitted = series.find((s) => s.submitted >= last.submitted)!.at;
    const deliveriesBy = Date.now() + 60_000;
    while (receiver.arrivals.length < last.created && Date.now() < deliveriesBy) await new Promise((r) => setTimeout(r, 250));
    const readLatencies = await reads.stop();
    const peaks = rss.stop();
    const delivery = receiver.arrivals.map((a) => a.at - (a.createdAt - offsetMs)).sort((a, b) => a - b);
    const runSeconds = (lastSubmitted - t0) / 1000;

    log(`ceiling: the same ${last.created} payments' rows written in batches straight into Postgres`);
    const ceiling = await batchCeiling(Math.max(1, last.created), 1000, log);
    const rate = last.submitted / runSeconds;
    const percentOfCeiling = (rate / ceiling) * 100;
    const largest = Math.max(...peaks.values());

    console.log(`\n${last.created} of ${schedules} cycles collected, ${last.submitted} submitted to the bank`);
    console.log('figure                              | measured');
    console.log(
      `payments created/s                  | ${(last.created / Math.max(0.001, (lastCreated - t0) / 1000)).toFixed(0).padStart(8)}`,
    );
    console.log(`payments submitted/s                | ${rate.toFixed(0).padStart(8)}`);
    console.log(`first payment after the advance, s  | ${((firstCreated - t0) / 1000).toFixed(2).padStart(8)}`);
    console.log(`last payment submitted after, s     | ${runSeconds.toFixed(2).padStart(8)}`);
    console.log(`webhooks delivered                  | ${String(delivery.length).padStart(8)}`);
    console.log(`event-to-delivery p99 ms            | ${percentile(delivery, 99).toFixed(0).padStart(8)}`);
    console.log(
      `API read p99 ms during the run      | ${percentile(readLatencies, 99).toFixed(0).padStart(8)} (${readLatencies.length} reads; goal <= 250)`,
    );
    console.log(`ceiling (batched rows) payments/s   | ${ceiling.toFixed(0).padStart(8)}`);
    console.log(
      `\npeak RSS MB: ${[...peaks]
        .sort((a, b) => b[1] - a[1])
        .map(([n, mb]) => `${n} ${mb.toFixed(0)}`)
        .join(', ')} (goal: none above 512)`,
    );
    console.log(
      `collection-run: ${last.submitted} payments in ${runSeconds.toFixed(1)} s, ${percentOfCeiling.toFixed(1)} % of the ceiling, peak RSS ${largest.toFixed(0)} MB`,
    );
  } finally {
    log('stopping');
    await db.end();
    await local.interrupt().then(() => local.dispose());
    await receiver.close();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
