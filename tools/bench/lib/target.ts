/**
 * The platform a benchmark runs against: by default the local platform as `npm start` runs it
 * (every service its own process, fresh database and stream, rate limits lifted, payments
 * settling 200 ms after submission); BENCH_IN_PROCESS=1 runs everything on one event loop;
 * BENCH_URL + BENCH_TOKEN point at a running sandbox.
 */
export interface Target {
  url: string;
  token: string;
  /** The local runner's pid, whose children are the services (absent for BENCH_URL and in-process runs). */
  runnerPid?: number;
  stop: () => Promise<void>;
}

export async function startTarget(log: (line: string) => void): Promise<Target> {
  if (process.env.BENCH_URL) {
    if (!process.env.BENCH_TOKEN) throw new Error('BENCH_URL needs BENCH_TOKEN (a sandbox merchant token)');
    return { url: process.env.BENCH_URL, token: process.env.BENCH_TOKEN, stop: async () => undefined };
  }
  const limits = { RATE_LIMIT_RPS: '1000000', RATE_LIMIT_BURST: '1000000' };
  if (!process.env.BENCH_IN_PROCESS) {
    log('starting the platform as separate processes (fresh database and stream)');
    const { startLocalPlatform } = await import('../../dev/local-platform.js');
    // Payments settle 200 ms after submission, so the work a payment causes ends soon after the run.
    const local = await startLocalPlatform({ ...limits, SANDBOX_ACTIVATION_DELAY_MS: '100', SANDBOX_SETTLEMENT_DELAY_MS: '200' });
    return {
      url: local.url,
      token: local.createMerchant('Benchmark'),
      runnerPid: local.runner.pid,
      stop: () => local.interrupt().then(() => local.dispose()),
    };
  }
  log('starting the platform in-process (fresh database and stream)');
  const { startPlatform } = await import('../../../services/gateway/test/support/platform.js');
  const platform = await startPlatform({ overrides: limits });
  const merchant = await platform.createMerchant({ payoutCurrency: 'GBP', name: 'Benchmark' });
  return { url: platform.url, token: merchant.token, stop: () => platform.stop() };
}
