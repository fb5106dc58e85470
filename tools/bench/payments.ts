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
import { benchApi, seedMandates } from './lib/seed.js';

const LEVELS = (process.env.BENCH_LEVELS ?? '1,4,16,64').split(',').map(Number);
const PER_CLIENT = Number(process.env.BENCH_REQUESTS_PER_CLIENT ?? 10);
const MIN_PER_LEVEL = Number(process.env.BENCH_MIN_REQUESTS ?? 100);
const requestsFor = (concurrency: number) => Math.max(MIN_PER_LEVEL, concurrency * PER_CLIENT);
const log = (line: string) => console.log(`[bench] ${line}`);

async function target(): Promise<{ url: string; token: string; stop: () => Promise<void> }> {
  if (process.env.BENCH_URL) {
    if (!process.env.BENCH_TOKEN) throw new Error('BENCH_URL needs BENCH_TOKEN (a sandbox merchant token)');
    return { url: process.env.BENCH_URL, token: process.env.BENCH_TOKEN, stop: async () => undefined };
  }
  const limits = { RATE_LIMIT_RPS: '1000000', RATE_LIMIT_BURST: '1000000' };
  if (!process.env.BENCH_IN_PROCESS) {
    log('starting the platform as separate processes (fresh database and stream)');
    const { startLocalPlatform } = await import('../dev/local-platform.js');
    const local = await startLocalPlatform({ ...limits, SANDBOX_ACTIVATION_DELAY_MS: '100' });
    return { url: local.url, token: local.createMerchant('Benchmark'), stop: () => local.interrupt().then(() => local.dispose()) };
  }
  log('starting the platform in-process (fresh database and stream)');
  const { startPlatform } = await import('../../services/gateway/test/support/platform.js');
  const platform = await startPlatform({ overrides: limits });
  const merchant = await platform.createMerchant({ payoutCurrency: 'GBP', name: 'Benchmark' });
  return { url: platform.url, token: merchant.token, stop: () => platform.stop() };
}

async function main(): Promise<void> {
  const platform = await target();
  try {
    const api = benchApi(platform.url, platform.token);
    const total = LEVELS.reduce((sum, c) => sum + requestsFor(c), 0);
    log(`seeding ${total} active mandates (one per payment: a mandate allows one open payment)`);
    const mandates = await seedMandates(api, total, log);
    const gateway: LevelResult[] = [];
    let used = 0;
    for (const concurrency of LEVELS) {
      const n = requestsFor(concurrency);
      const mine = mandates.slice(used, used + n);
      used += n;
      log(`gateway: ${n} POST /v1/payments at concurrency ${concurrency}`);
      const result = await measure(concurrency, n, async (i) => {
        const res = await api.post('/v1/payments', { mandate_id: mine[i], amount: '10.00', currency: 'GBP' });
        return res.status === 201;
      });
      log(formatLevel('gateway', result));
      gateway.push(result);
    }
    const direct = await directCeiling(LEVELS, requestsFor, log);
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
