/**
 * The fault suite: `npm run chaos -- [--seconds N]`. Keeps merchants' creates, idempotent retries
 * and refunds going while it kill -9s each service in turn and restarts it, restarts NATS and cuts
 * every Postgres connection; then lets the platform settle and audits what it kept and delivered.
 * Prints a summary and exits non-zero on any violation.
 */
import { runChaos } from './chaos.js';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const seconds = Number(arg('seconds') ?? 120);
if (!Number.isFinite(seconds) || seconds < 20) {
  console.error('usage: npm run chaos -- [--seconds N]   (N >= 20, default 120)');
  process.exit(2);
}
const report = await runChaos({ seconds, workers: Number(arg('workers') ?? 4), log: (line) => console.log(line) });
process.exit(report.ok ? 0 : 1);
