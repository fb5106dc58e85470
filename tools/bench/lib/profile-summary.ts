/**
 * Summarises a V8 `.cpuprofile` (as `node --cpu-prof` writes it): the functions with the most self
 * time, and the project's own functions (not under node_modules or node:) with the most inclusive
 * time, each as a share of the profile's sampled time.
 *
 *   npx tsx tools/bench/lib/profile-summary.ts <file.cpuprofile> [--top=15] [--since-ms=0]
 *
 * `--since-ms` skips the first milliseconds of the profile (start-up, seeding) so that the summary
 * covers the benchmark's steady state.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** One function's times in microseconds. */
export interface FunctionTime {
  name: string;
  selfUs: number;
  totalUs: number;
}

export interface ProfileSummary {
  /** Sampled time in microseconds (idle excluded). */
  busyUs: number;
  idleUs: number;
  bySelf: FunctionTime[];
  /** The project's own functions by inclusive time. */
  ownByTotal: FunctionTime[];
}

/** A function's name as shown: its name and where it lives (package or project path, line). */
export function frameName(frame: ProfileNode['callFrame']): string {
  const name = frame.functionName || '(anonymous)';
  if (!frame.url) return name;
  const url = frame.url.replace(/^file:\/\//, '');
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/);
  const where = pkg ? `${pkg[1]}:${pkg[2]!.split('/').pop()}` : url.replace(/^.*?\/((?:services|packages|tools)\/)/, '$1');
  // tsx's transpiled modules report line 0 for every function: the file then says enough.
  return frame.lineNumber > 0 ? `${name} ${where}:${frame.lineNumber + 1}` : `${name} ${where}`;
}

function isOwn(frame: ProfileNode['callFrame']): boolean {
  return (
    frame.url !== '' && !frame.url.includes('node_modules') && !frame.url.startsWith('node:') && /\/(services|packages)\//.test(frame.url)
  );
}

const NOT_WORK = new Set(['(idle)', '(program)', '(garbage collector)', '(root)']);

export function summarise(profile: CpuProfile, sinceMs = 0): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfByNode = new Map<number, number>();
  let t = profile.startTime;
  const from = profile.startTime + sinceMs * 1000;
  let idleUs = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i]!;
    if (t < from) continue;
    // A sample's time is the delta to the next sample.
    const dt = profile.timeDeltas[i + 1] ?? 0;
    const id = profile.samples[i]!;
    if (byId.get(id)!.callFrame.functionName === '(idle)') idleUs += dt;
    else selfByNode.set(id, (selfByNode.get(id) ?? 0) + dt);
  }
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let busyUs = 0;
  for (const [id, us] of selfByNode) {
    busyUs += us;
    const node = byId.get(id)!;
    const key = frameName(node.callFrame);
    self.set(key, (self.get(key) ?? 0) + us);
    // Inclusive time: once per distinct own function on the sample's stack (recursion counted once).
    const seen = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const frame = byId.get(n)!.callFrame;
      if (!isOwn(frame)) continue;
      const name = frameName(frame);
      if (seen.has(name)) continue;
      seen.add(name);
      total.set(name, (total.get(name) ?? 0) + us);
    }
  }
  const list = (m: Map<string, number>, field: 'selfUs' | 'totalUs') =>
    [...m].map(([name, us]) => ({ name, selfUs: field === 'selfUs' ? us : (self.get(name) ?? 0), totalUs: field === 'totalUs' ? us : 0 }));
  return {
    busyUs,
    idleUs,
    bySelf: list(self, 'selfUs')
      .filter((f) => !NOT_WORK.has(f.name))
      .sort((a, b) => b.selfUs - a.selfUs),
    ownByTotal: list(total, 'totalUs').sort((a, b) => b.totalUs - a.totalUs),
  };
}

function format(summary: ProfileSummary, top: number): string {
  const pct = (us: number) => `${((100 * us) / summary.busyUs).toFixed(1).padStart(5)}%`;
  const ms = (us: number) => `${(us / 1000).toFixed(0).padStart(7)} ms`;
  const lines = [`busy ${ms(summary.busyUs)} (idle ${ms(summary.idleUs)})`, '', 'self time'];
  for (const f of summary.bySelf.slice(0, top)) lines.push(`${pct(f.selfUs)} ${ms(f.selfUs)}  ${f.name}`);
  lines.push('', "the project's own functions, inclusive time");
  for (const f of summary.ownByTotal.slice(0, top)) lines.push(`${pct(f.totalUs)} ${ms(f.totalUs)}  ${f.name}`);
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const file = args.find((a) => !a.startsWith('--'));
  if (!file) {
    console.error('usage: profile-summary <file.cpuprofile> [--top=15] [--since-ms=0]');
    process.exit(2);
  }
  const option = (name: string, fallback: number) => Number(args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  console.log(format(summarise(profile, option('since-ms', 0)), option('top', 15)));
}
