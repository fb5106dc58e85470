/** Throughput and latency of one concurrency level. */
export interface LevelResult {
  concurrency: number;
  ok: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
}

/** The p-th percentile (nearest rank) of ascending `sorted`; 0 when it is empty. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * Latencies grouped by the second they belong to (`bySecond[s]`), summed up: the median second's
 * p99 next to the three worst seconds. A stall of the whole machine for a second or two reads
 * differently from a tail spread over the run, and at a few hundred a second one stalled second
 * is already more than the 1 % a p99 leaves out.
 */
export function secondsLine(what: string, bySecond: number[][]): string {
  const seconds = secondsByP99(bySecond);
  if (seconds.length === 0) return '';
  const median = seconds[Math.floor(seconds.length / 2)]!;
  const worst = seconds
    .slice(-3)
    .reverse()
    .map((s) => `${s.second} s: p99 ${s.p99.toFixed(0)} ms (p50 ${s.p50.toFixed(0)})`);
  return `second by second, ${what}: the median second's p99 ${median.p99.toFixed(0)} ms; the worst seconds, ${worst.join('; ')}`;
}

/** The `n` seconds with the highest p99, worst first. */
export function worstSeconds(bySecond: number[][], n = 3): number[] {
  return secondsByP99(bySecond)
    .slice(-n)
    .reverse()
    .map((s) => s.second);
}

/** Each second that has latencies, with its p50 and p99, in rising order of p99. */
function secondsByP99(bySecond: number[][]): { second: number; p50: number; p99: number }[] {
  // flatMap passes over the seconds nothing belongs to (holes of the sparse array).
  return bySecond
    .flatMap((latencies, second) => {
      const sorted = [...latencies].sort((a, b) => a - b);
      return [{ second, p50: percentile(sorted, 50), p99: percentile(sorted, 99) }];
    })
    .sort((a, b) => a.p99 - b.p99);
}

/**
 * Runs `total` operations with `concurrency` workers pulling from one queue (closed loop: each
 * worker starts its next operation when the previous ends) and reports requests/s and latency.
 * `op(i)` returns false (or throws) for a failed operation.
 */
export async function measure(concurrency: number, total: number, op: (i: number) => Promise<boolean>): Promise<LevelResult> {
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < total; i = next++) {
        const t0 = performance.now();
        const ok = await op(i).catch(() => false);
        if (ok) latencies.push(performance.now() - t0);
        else errors++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    concurrency,
    ok: latencies.length,
    errors,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

/** One line of the results table. */
export function formatLevel(label: string, r: LevelResult): string {
  return `${label.padEnd(8)} c=${String(r.concurrency).padStart(3)}  ${r.rps.toFixed(1).padStart(8)} req/s  p50 ${r.p50.toFixed(1).padStart(7)} ms  p99 ${r.p99
    .toFixed(1)
    .padStart(7)} ms  ok ${r.ok}${r.errors ? `  errors ${r.errors}` : ''}`;
}
