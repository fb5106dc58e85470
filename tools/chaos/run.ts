/**
 * The fault suite: `npm run chaos -- [--seconds N] [--workers N] [--seed N]`. Keeps merchants'
 * creates, idempotent retries and refunds going while it kill -9s each service in turn and
 * restarts it, restarts NATS and cuts every Postgres connection; then lets the platform settle
 * and audits what it kept, published and delivered. Prints a summary and exits non-zero on any
 * violation.
 */
import { runChaos } from './chaos.js';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const seconds = Number(arg('seconds') ?? 120);
const workers = Number(arg('workers') ?? 4);
const seed = arg('seed') === undefined ? undefined : Number(arg('seed'));
if (
  !Number.isInteger(seconds) ||
  seconds < 20 ||
  seconds > 3600 ||
  !Number.isInteger(workers) ||
  workers < 1 ||
  workers > 32 ||
  (seed !== undefined && !Number.isInteger(seed))
) {
  console.error('usage: npm run chaos -- [--seconds N (20-3600, default 120)] [--workers N (1-32, default 4)] [--seed N]');
  process.exit(2);
}
const report = await runChaos({ seconds, workers, ...(seed !== undefined ? { seed } : {}), log: (line) => console.log(line) });
process.exit(report.ok ? 0 : 1);
