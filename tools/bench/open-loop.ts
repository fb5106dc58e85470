/**
 * Open-loop benchmark: requests leave at a fixed arrival rate whatever the platform answers (a
 * slow answer does not slow the next request down, as with real merchants), 70 % reads and 30 %
 * creates, and every route's latency is measured from the moment its request was due. Prints
 * p50/p99/max and errors per route next to the goal (p99 <= 100 ms, no errors). See README.md.
 *
 *   npm run bench:open-loop                        (200 req/s for 60 s, after 10 s of it unmeasured)
 *   BENCH_RATE=100 BENCH_SECONDS=20 npm run bench:open-loop
 */
import { diskStalls, diskStallsLine, watchDisks } from './lib/disk-stalls.js';
import { percentile, secondsLine } from './lib/measure.js';
import { machineCpu, machineShare, usedBetween, postgresCpuMs, sampleCpu, serviceProcesses } from './lib/process-cpu.js';
import { benchApi, seedMandates, type BenchApi } from './lib/seed.js';
import { startTarget } from './lib/target.js';
import os from 'node:os';

const RATE = Number(process.env.BENCH_RATE ?? 200);
/** Only the routes whose name starts with one of these (comma-separated), e.g. "POST" or "GET /v1/payments/{id}". */
const ROUTES = (process.env.BENCH_ROUTES ?? '').split(',').filter(Boolean);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
const GOAL_P99_MS = 100;
const log = (line: string) => console.log(`[bench] ${line}`);

/** A route's outcome: true, or what went wrong (an HTTP status with its error code, or a thrown error). */
type Outcome = true | string;
type Route = { name: string; weight: number; run: (api: BenchApi) => Promise<Outcome> };

/** What the routes work on: seeded up front, extended by the creates as the run goes. */
interface Corpus {
  customers: string[];
  mandates: string[];
  /** Mandates with no open payment, ready to collect again. */
  idleMandates: string[];
  payments: string[];
  settledPayments: string[];
  refunds: string[];
  /** Cursors of deep pages (page 10 and beyond) of the payment list. */
  deepCursors: string[];
}

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;
/** True for a 2xx answer, else its status and error code (e.g. "503 service_unavailable"). */
const ok = (res: { status: number; body: Record<string, unknown> }): Outcome =>
  res.status >= 200 && res.status < 300 ? true : `${res.status} ${(res.body.error as { code?: string } | undefined)?.code ?? ''}`.trim();

function routes(c: Corpus): Route[] {
  return [
    { name: 'GET /v1/mandates/{id}', weight: 15, run: async (api) => ok(await api.get(`/v1/mandates/${pick(c.mandates)}`)) },
    {
      name: 'GET /v1/payments/{id}?expand=mandate,refunds',
      weight: 20,
      run: async (api) => ok(await api.get(`/v1/payments/${pick(c.payments)}?expand=mandate,refunds`)),
    },
    {
      name: 'GET /v1/refunds/{id}?expand=payment',
      weight: 5,
      run: async (api) => ok(await api.get(`/v1/refunds/${pick(c.refunds)}?expand=payment`)),
    },
    {
      name: 'GET /v1/payments?status=settled',
      weight: 10,
      run: async (api) => ok(await api.get('/v1/payments?status=settled&page_size=20')),
    },
    {
      name: 'GET /v1/mandates?status=active&order=amount_minor',
      weight: 10,
      run: async (api) => ok(await api.get('/v1/mandates?status=active&order=amount_minor&page_size=20')),
    },
    {
      name: 'GET /v1/payments?cursor=(deep page)',
      weight: 10,
      run: async (api) => ok(await api.get(`/v1/payments?page_size=10&cursor=${encodeURIComponent(pick(c.deepCursors))}`)),
    },
    {
      name: 'POST /v1/mandates',
      weight: 10,
      run: async (api) => {
        const res = await api.post('/v1/mandates', {
          customer_id: pick(c.customers),
          maximum_amount: '100.00',
          currency: 'GBP',
          frequency: 'adhoc',
          description: 'open-loop',
        });
        return ok(res);
      },
    },
    {
      name: 'POST /v1/payments',
      weight: 10,
      run: async (api) => {
        const mandate = c.idleMandates.shift();
        if (!mandate) return 'no idle mandate';
        const res = await api.post('/v1/payments', { mandate_id: mandate, amount: '10.00', currency: 'GBP' });
        if (res.status !== 201) return ok(res);
        c.payments.push(res.body.id as string);
        // Settled 200 ms after submission: the mandate may collect again after that.
        setTimeout(() => c.idleMandates.push(mandate), 2000).unref();
        return true;
      },
    },
    {
      name: 'POST /v1/payments/{id}/refunds',
      weight: 10,
      run: async (api) => {
        const res = await api.post(`/v1/payments/${pick(c.settledPayments)}/refunds`, { amount: '1.00' });
        if (res.status !== 201) return ok(res);
        c.refunds.push(res.body.id as string);
        return true;
      },
    },
  ];
}

async function seed(api: BenchApi): Promise<Corpus> {
  const mandates = await seedMandates(api, 400, log);
  const corpus: Corpus = {
    customers: [],
    mandates,
    idleMandates: mandates.slice(100),
    payments: [],
    settledPayments: [],
    refunds: [],
    deepCursors: [],
  };
  for (let i = 0; i < 20; i++) {
    const customer = await api.post('/v1/sandbox/customers', { sca_completed: true });
    corpus.customers.push(customer.body.id as string);
  }
  log('seeding 100 settled payments and a refund of each');
  await Promise.all(
    mandates.slice(0, 100).map(async (mandate) => {
      // 100.00 each: room for a hundred 1.00 refunds (the smallest partial refund).
      const p = await api.post('/v1/payments', { mandate_id: mandate, amount: '100.00', currency: 'GBP' });
      if (p.status !== 201) throw new Error(`seeding a payment failed: ${p.status} ${JSON.stringify(p.body)}`);
      corpus.payments.push(p.body.id as string);
    }),
  );
  for (const id of corpus.payments) {
    for (;;) {
      const p = await api.get(`/v1/payments/${id}`);
      if (p.body.status === 'settled') break;
      if (p.body.status === 'failed') throw new Error(`a seeded payment failed: ${JSON.stringify(p.body)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    corpus.settledPayments.push(id);
    const r = await api.post(`/v1/payments/${id}/refunds`, { amount: '1.00' });
    if (r.status !== 201) throw new Error(`seeding a refund failed: ${r.status} ${JSON.stringify(r.body)}`);
    corpus.refunds.push(r.body.id as string);
  }
  log('collecting cursors of deep pages');
  let cursor: string | undefined;
  for (let page = 1; page <= 15; page++) {
    const res = await api.get(`/v1/payments?page_size=5${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    cursor = res.body.next_cursor as string | undefined;
    if (!cursor) break;
    if (page >= 10) corpus.deepCursors.push(cursor);
  }
  if (corpus.deepCursors.length === 0) throw new Error('no deep pages to read');
  return corpus;
}

/**
 * The routes BENCH_ROUTES names: a value that is a route's whole name picks that route alone
 * (`POST /v1/payments`, not the refunds under it); any other value picks every route whose name
 * starts with it (`POST`). All routes when it is empty.
 */
function selectRoutes<R extends { name: string }>(all: R[]): R[] {
  if (ROUTES.length === 0) return all;
  return all.filter((r) => ROUTES.some((v) => (all.some((x) => x.name === v) ? r.name === v : r.name.startsWith(v))));
}

async function main(): Promise<void> {
  const platform = await startTarget(log);
  try {
    const api = benchApi(platform.url, platform.token);
    const corpus = await seed(api);
    const all = selectRoutes(routes(corpus));
    if (all.length === 0) throw new Error(`BENCH_ROUTES=${process.env.BENCH_ROUTES} names no route`);
    const totalWeight = all.reduce((s, r) => s + r.weight, 0);
    const latencies = new Map(all.map((r) => [r.name, [] as number[]]));
    /** Every answered request's latency, by the second of the run it was due in. */
    const bySecond: number[][] = [];
    const errors = new Map(all.map((r) => [r.name, 0]));
    const reasons = new Map<string, number>();
    const failed = (route: string, reason: string) => {
      errors.set(route, errors.get(route)! + 1);
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    };
    const choose = () => {
      let x = Math.random() * totalWeight;
      for (const r of all) if ((x -= r.weight) < 0) return r;
      return all[all.length - 1]!;
    };
    /**
     * Sends `total` requests at RATE, each at its due time whatever the platform answers, and
     * hands every outcome to `answered` with its latency from when it was due and the second of
     * the run it was due in. Resolves once every request has been answered.
     */
    const drive = async (total: number, answered: (route: Route, outcome: Outcome, latency: number, second: number) => void) => {
      const interval = 1000 / RATE;
      const start = performance.now();
      const inFlight: Promise<void>[] = [];
      let sent = 0;
      let logged = 0;
      while (sent < total) {
        const due = Math.min(total, Math.floor((performance.now() - start) / interval) + 1);
        for (; sent < due; sent++) {
          const route = choose();
          const dueAt = start + sent * interval; // latency counts from when the request was due
          const answer = (outcome: Outcome) => answered(route, outcome, performance.now() - dueAt, Math.floor((dueAt - start) / 1000));
          inFlight.push(
            route.run(api).then(answer, (err: unknown) => {
              // A socket error's code says why (ECONNRESET, ECONNREFUSED...).
              const { message, code } = err as NodeJS.ErrnoException;
              answer(code && !message.includes(code) ? `${message} (${code})` : message);
            }),
          );
        }
        if (sent - logged >= RATE * 10) log(`${(logged = sent)}/${total} requests sent`);
        await new Promise((r) => setTimeout(r, Math.max(0, start + sent * interval - performance.now())));
      }
      await Promise.all(inFlight);
    };

    // A freshly started process runs unoptimised code for its first requests: the same load,
    // unmeasured, until every route's code is warm (errors are still reported).
    if (WARMUP_SECONDS > 0) {
      log(`warm-up: ${RATE} req/s for ${WARMUP_SECONDS} s (not measured)`);
      let warmupErrors = 0;
      await drive(Math.round(RATE * WARMUP_SECONDS), (_route, outcome) => {
        if (outcome !== true) warmupErrors++;
      });
      if (warmupErrors) log(`warm-up: ${warmupErrors} requests failed`);
    }

    log(`open loop: ${RATE} req/s for ${SECONDS} s (${ROUTES.length ? all.map((r) => r.name).join(', ') : '70 % reads, 30 % creates'})`);
    const total = Math.round(RATE * SECONDS);
    const processes = platform.runnerPid ? serviceProcesses(platform.runnerPid) : new Map<string, number>();
    const cpuBefore = sampleCpu(processes);
    const postgresBefore = postgresCpuMs();
    const selfBefore = process.cpuUsage();
    const machineBefore = machineCpu();
    const start = performance.now();
    const disks = watchDisks(() => performance.now());
    await drive(total, (route, outcome, latency, second) => {
      (bySecond[second] ??= []).push(latency);
      if (outcome === true) latencies.get(route.name)!.push(latency);
      else failed(route.name, outcome);
    });
    const elapsed = (performance.now() - start) / 1000;
    const machine = machineShare(machineBefore, machineCpu());
    const stalls = diskStalls(disks.stop());
    console.log(`\n${total} requests in ${elapsed.toFixed(1)} s (${(total / elapsed).toFixed(1)} req/s offered ${RATE})`);
    console.log(
      ['route'.padEnd(50), 'count', 'p50 ms', 'p99 ms', 'max ms', 'errors', `goal: p99 <= ${GOAL_P99_MS} ms, 0 errors`].join(' | '),
    );
    let allMet = true;
    for (const r of all) {
      const sorted = latencies.get(r.name)!.sort((a, b) => a - b);
      const p99 = percentile(sorted, 99);
      const met = p99 <= GOAL_P99_MS && errors.get(r.name) === 0;
      allMet &&= met;
      console.log(
        [
          r.name.padEnd(50),
          String(sorted.length + errors.get(r.name)!).padStart(5),
          percentile(sorted, 50).toFixed(1).padStart(6),
          p99.toFixed(1).padStart(6),
          (sorted[sorted.length - 1] ?? 0).toFixed(1).padStart(6),
          String(errors.get(r.name)).padStart(6),
          met ? 'met' : 'NOT met',
        ].join(' | '),
      );
    }
    console.log(allMet ? '\nevery route met the goal' : '\nsome routes missed the goal');
    if (reasons.size) console.log('errors: ' + [...reasons].map(([reason, n]) => `${n} × ${reason}`).join(', '));
    const seconds = secondsLine('all routes', bySecond);
    if (seconds) console.log(`\n${seconds}`);
    console.log(diskStallsLine(stalls, start));
    const cores = os.availableParallelism();
    const perRequestMs = (machine.busyPct / 100) * cores * ((elapsed * 1000) / total);
    console.log(
      `machine: CPU busy ${machine.busyPct.toFixed(0)}% of all ${cores} cores, stolen by the hypervisor ${machine.stolenPct.toFixed(1)}%;` +
        ` ${perRequestMs.toFixed(1)} ms of CPU per request (everything on the machine), so at this mix it runs out at roughly ${((cores * 1000) / perRequestMs).toFixed(0)} req/s`,
    );
    if (processes.size) {
      const used = [...usedBetween(cpuBefore, sampleCpu(processes))];
      const self = process.cpuUsage(selfBefore);
      used.push(['postgres (all backends)', postgresCpuMs() - postgresBefore]);
      used.push(['load generator (this process)', (self.user + self.system) / 1000]);
      used.sort((a, b) => b[1] - a[1]);
      // The model bank runs beside the platform as the customers' bank: its CPU is the bank's, shown apart.
      const pct = (ms: number) => `${(ms / 10 / elapsed).toFixed(0)}%`;
      const bank = used.find(([name]) => name === 'model-bank');
      console.log(
        '\nCPU during the run, % of one core: ' +
          used
            .filter(([name]) => name !== 'model-bank')
            .map(([name, ms]) => `${name} ${pct(ms)}`)
            .join(', ') +
          (bank ? `; beside the platform, model-bank (the customers' bank) ${pct(bank[1])}` : ''),
      );
    }
  } finally {
    log('stopping');
    await platform.stop();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
