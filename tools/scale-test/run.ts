/**
 * `npm run scale-test -- [--seconds N] [--workers N] [--seed N] [--database-per-service]`: three replicas of every service
 * and two gateways on this machine, a mixed load (creates, idempotent retries, refunds, cancels,
 * reads) with one replica of each service killed halfway, then an audit: calls spread evenly,
 * no errors beyond the requests in flight at the kill, every invariant held, one merchant's rate
 * limit held across both gateways. Prints a summary and exits non-zero when a check fails.
 */
import { runScaleTest } from './scale-test.js';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const seconds = Number(arg('seconds') ?? 40);
const workers = Number(arg('workers') ?? 6);
const seed = arg('seed') === undefined ? undefined : Number(arg('seed'));
// Each service on a database of its own (also SCALE_TEST_DATABASE_PER_SERVICE=1), as an operator splits them.
const databasePerService = process.argv.includes('--database-per-service') || process.env.SCALE_TEST_DATABASE_PER_SERVICE === '1';
if (!Number.isInteger(seconds) || seconds < 10 || seconds > 600 || !Number.isInteger(workers) || workers < 1 || workers > 32) {
  console.error(
    'usage: npm run scale-test -- [--seconds N (10-600, default 40)] [--workers N (1-32, default 6)] [--seed N] [--database-per-service]',
  );
  process.exit(2);
}
const report = await runScaleTest({
  perService: 3,
  gateways: 2,
  seconds,
  workers,
  rateLimit: 30,
  databasePerService,
  ...(seed !== undefined ? { seed } : {}),
  log: (line) => console.log(line),
});
process.exit(report.ok ? 0 : 1);
