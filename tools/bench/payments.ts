/**
 * Payments benchmark: POST /v1/payments through the gateway at rising concurrency, against the
 * ceiling of the same database transaction run straight on Postgres. See README.md.
 *
 *   npm run bench:payments                       (every service its own process, as npm start runs them)
 *   BENCH_IN_PROCESS=1 npm run bench:payments    (everything on one event loop: one core)
 *   BENCH_URL=http://127.0.0.1:8080 BENCH_TOKEN=vrp_sandbox_... npm run bench:payments
 */
import { directCeiling } from './lib/direct-ceiling.js';
import { formatLevel, measure, type LevelResult } from './lib/measure.js';
import os from 'node:os';
import {
  usedBetween,
  postgresCpuMs,
  machineCpu,
  machineShare,
  sampleCpu,
  sampleWrites,
  serviceProcesses,
  settled,
  sumOf,
  type ProcessSample,
} from './lib/process-cpu.js';
import { startTarget } from './lib/target.js';
import { benchApi, seedMandates } from './lib/seed.js';

const LEVELS = (process.env.BENCH_LEVELS ?? '1,4,16,64').split(',').map(Number);
const PER_CLIENT = Number(process.env.BENCH_REQUESTS_PER_CLIENT ?? 10);
const MIN_PER_LEVEL = Number(process.env.BENCH_MIN_REQUESTS ?? 600);
// Payments made before the first level, not measured: a freshly started process runs its code
// unoptimised for its first hundred or so requests, which the first level would otherwise count.
const WARMUP = Number(process.env.BENCH_WARMUP ?? 300);
const requestsFor = (concurrency: number) => Math.max(MIN_PER_LEVEL, concurrency * PER_CLIENT);
const log = (line: string) => console.log(`[bench] ${line}`);

async function main(): Promise<void> {
  const platform = await startTarget(log);
  try {
    const api = benchApi(platform.url, platform.token);
    const total = WARMUP + LEVELS.reduce((sum, c) => sum + requestsFor(c), 0);
    log(`seeding ${total} active mandates (one per payment: a mandate allows one open payment)`);
    const mandates = await seedMandates(api, total, log);
    const processes = platform.runnerPid ? serviceProcesses(platform.runnerPid) : new Map<string, number>();
    const gateway: LevelResult[] = [];
    const cpu: ProcessSample[] = [];
    const writes: ProcessSample[] = [];
    const postgres: number[] = [];
    /** How busy the whole machine was while each level's requests ran (what the ratio is limited by). */
    const busy: number[] = [];
    let used = WARMUP;
    if (WARMUP > 0) {
      log(`warm-up: ${WARMUP} POST /v1/payments at concurrency 4 (not measured), and the work they cause`);
      await measure(
        4,
        WARMUP,
        async (i) => (await api.post('/v1/payments', { mandate_id: mandates[i], amount: '10.00', currency: 'GBP' })).status === 201,
      );
      if (processes.size) await settled(processes, sumOf((await idleRates(processes)).cpu));
    }
    for (const concurrency of LEVELS) {
      const n = requestsFor(concurrency);
      const mine = mandates.slice(used, used + n);
      used += n;
      const idle = processes.size ? await idleRates(processes) : { cpu: new Map<string, number>(), writes: new Map<string, number>() };
      const before = sampleCpu(processes);
      const writesBefore = sampleWrites(processes);
      const postgresBefore = postgresCpuMs();
      const startedAt = performance.now();
      log(`gateway: ${n} POST /v1/payments at concurrency ${concurrency}`);
      const machineBefore = machineCpu();
      const result = await measure(concurrency, n, async (i) => {
        const res = await api.post('/v1/payments', { mandate_id: mine[i], amount: '10.00', currency: 'GBP' });
        return res.status === 201;
      });
      busy.push(machineShare(machineBefore, machineCpu()).busyPct);
      log(formatLevel('gateway', result));
      gateway.push(result);
      if (processes.size) {
        log('waiting for the work the payments caused (submission, settlement, events, webhooks) to finish');
        const after = await settled(processes, sumOf(idle.cpu));
        const writesAfter = sampleWrites(processes);
        const seconds = (performance.now() - startedAt) / 1000;
        const perPayment = (used: ProcessSample, idlePerSecond: ProcessSample) =>
          new Map([...used].map(([name, n]) => [name, Math.max(0, n - idlePerSecond.get(name)! * seconds) / result.ok]));
        cpu.push(perPayment(usedBetween(before, after), idle.cpu));
        writes.push(perPayment(usedBetween(writesBefore, writesAfter), idle.writes));
        // Postgres's whole CPU over the same span (its idle share is small), for comparison only.
        postgres.push((postgresCpuMs() - postgresBefore) / result.ok);
      }
    }
    const direct = await directCeiling(LEVELS, requestsFor, log, WARMUP);
    console.log('\nconcurrency | gateway req/s | p50 ms | p99 ms | direct req/s | p50 ms | p99 ms | gateway/direct');
    for (const [i, g] of gateway.entries()) {
      const d = direct[i]!;
      console.log(
        [
          g.concurrency,
          g.rps.toFixed(1),
          g.p50.toFixed(1),
          g.p99.toFixed(1),
          d.rps.toFixed(1),
          d.p50.toFixed(1),
          d.p99.toFixed(1),
          `${((g.rps / d.rps) * 100).toFixed(1)}%`,
        ]
          .map((v) => String(v).padStart(8))
          .join(' | ') + (g.errors ? `   (${g.errors} gateway errors)` : ''),
      );
    }
    console.log(
      `\nmachine CPU busy while the gateway's requests ran (all ${os.availableParallelism()} cores): ` +
        busy.map((pct, i) => `c=${LEVELS[i]} ${pct.toFixed(0)}%`).join(', '),
    );
    if (cpu.length) printCpu(cpu, writes, postgres);
  } finally {
    log('stopping');
    await platform.stop();
  }
}

/**
 * CPU milliseconds and write calls each service makes per second while nothing is asked of it
 * (timers, pollers), over 3 s, once every service is quiet: a rate taken while one service was
 * still finishing earlier work (the seeding's activations and their webhooks, the warm-up's
 * events) would be subtracted from that service's figure at every payment of the level.
 */
async function idleRates(processes: Map<string, number>): Promise<{ cpu: ProcessSample; writes: ProcessSample }> {
  await quiet(processes);
  const [cpu, writes] = [sampleCpu(processes), sampleWrites(processes)];
  await new Promise((r) => setTimeout(r, 3000));
  const perSecond = (used: ProcessSample) => new Map([...used].map(([name, n]) => [name, n / 3]));
  return { cpu: perSecond(usedBetween(cpu, sampleCpu(processes))), writes: perSecond(usedBetween(writes, sampleWrites(processes))) };
}

/** An idle service's timers and pollers take a few ms per second; more is work still under way. */
const QUIET_MS_PER_SECOND = 40;

/** Waits (up to a minute) until no service uses more than QUIET_MS_PER_SECOND over 1.5 s. */
async function quiet(processes: Map<string, number>): Promise<void> {
  for (let i = 0; i < 40; i++) {
    const from = sampleCpu(processes);
    await new Promise((r) => setTimeout(r, 1500));
    const busiest = Math.max(...usedBetween(from, sampleCpu(processes)).values());
    if (busiest <= QUIET_MS_PER_SECOND * 1.5) return;
  }
}

/** Node CPU milliseconds and write calls per created payment, per service and level, with the sums. */
/** The customers' bank: it runs beside the platform under npm start, but its CPU is the bank's, not the platform's. */
const BANK = 'model-bank';
const platformOnly = (sample: ProcessSample): ProcessSample => new Map([...sample].filter(([name]) => name !== BANK));

function printCpu(levels: ProcessSample[], writes: ProcessSample[], postgres: number[]): void {
  const names = [...levels[0]!.keys()].filter((name) => name !== BANK).sort();
  const bank = (l: ProcessSample, digits: number) => (l.get(BANK) ?? 0).toFixed(digits).padStart(8);
  console.log('\nNode CPU ms per created payment (the async work it causes included, idle rate subtracted)');
  console.log(['service'.padEnd(15), ...LEVELS.map((c) => `c=${c}`.padStart(8))].join(' | '));
  for (const name of names) console.log([name.padEnd(15), ...levels.map((l) => l.get(name)!.toFixed(2).padStart(8))].join(' | '));
  console.log(
    ['sum'.padEnd(15), ...levels.map((l) => sumOf(platformOnly(l)).toFixed(2).padStart(8))].join(' | ') + '   (goal: sum <= 4 ms)',
  );
  console.log(
    ['(postgres)'.padEnd(15), ...postgres.map((ms) => ms.toFixed(2).padStart(8))].join(' | ') +
      '   (not Node: the database, for comparison)',
  );
  console.log([`(${BANK})`.padEnd(15), ...levels.map((l) => bank(l, 2))].join(' | ') + "   (not the platform: the customers' bank)");
  // Each message to Postgres, NATS, another service or the log is a write, and wakes whoever reads it.
  console.log('\nwrite system calls per created payment (messages sent: to Postgres, NATS, other services, logs)');
  for (const name of names) console.log([name.padEnd(15), ...writes.map((l) => l.get(name)!.toFixed(1).padStart(8))].join(' | '));
  console.log(['sum'.padEnd(15), ...writes.map((l) => sumOf(platformOnly(l)).toFixed(1).padStart(8))].join(' | '));
  console.log([`(${BANK})`.padEnd(15), ...writes.map((l) => bank(l, 1))].join(' | '));
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
