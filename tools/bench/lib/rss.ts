/**
 * Resident memory of the platform's service processes, read from /proc/<pid>/status (VmRSS), and
 * the peak each reached while sampled.
 */
import { readFileSync } from 'node:fs';

/** One process's resident set size in MB, or undefined once it is gone. */
export function rssMb(pid: number): number | undefined {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return line ? Number(line.replace(/\D+/g, '')) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Samples every process of `processes` (name → pid) every `intervalMs`; stop() answers each one's peak in MB. */
export function watchRss(processes: Map<string, number>, intervalMs = 250): { stop(): Map<string, number> } {
  const peaks = new Map<string, number>();
  const sample = () => {
    for (const [name, pid] of processes) {
      const mb = rssMb(pid);
      if (mb !== undefined) peaks.set(name, Math.max(peaks.get(name) ?? 0, mb));
    }
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return peaks;
    },
  };
}
