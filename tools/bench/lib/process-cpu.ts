/**
 * CPU time of the platform's service processes, read from the kernel's accounting of each
 * process (/proc/<pid>/stat: user + system time). The local platform's runner starts one child
 * per service; a child is named by its working directory (services/<name>).
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';

/** Clock ticks per second of /proc's times (USER_HZ: 100 on Linux everywhere it matters). */
const TICKS_PER_SECOND = 100;

/** A figure per service process (CPU milliseconds, or write calls), by service name. */
export type ProcessSample = Map<string, number>;

function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** CPU milliseconds (user + system) one process has used so far, or undefined once it is gone. */
function cpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: the fields after it start past its ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]); // utime and stime (fields 14 and 15)
    return (ticks * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** The service processes under the runner `runnerPid`, by service name. */
export function serviceProcesses(runnerPid: number): Map<string, number> {
  const found = new Map<string, number>();
  for (const pid of childPids(runnerPid)) {
    try {
      found.set(path.basename(readlinkSync(`/proc/${pid}/cwd`)), pid);
    } catch {
      // exited meanwhile
    }
  }
  return found;
}

/**
 * Write system calls one process has made so far (/proc/<pid>/io's syscw: write, writev, send…
 * on sockets, pipes and files alike), or undefined once it is gone. Each message a service sends
 * to Postgres, NATS, another service or its log is at least one.
 */
function writeCalls(pid: number): number | undefined {
  try {
    const line = readFileSync(`/proc/${pid}/io`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('syscw:'));
    return line ? Number(line.slice('syscw:'.length)) : undefined;
  } catch {
    return undefined;
  }
}

/** CPU milliseconds used so far by each service process. */
export function sampleCpu(processes: Map<string, number>): ProcessSample {
  const sample: ProcessSample = new Map();
  for (const [name, pid] of processes) sample.set(name, cpuMs(pid) ?? 0);
  return sample;
}

/** Write system calls made so far by each service process. */
export function sampleWrites(processes: Map<string, number>): ProcessSample {
  const sample: ProcessSample = new Map();
  for (const [name, pid] of processes) sample.set(name, writeCalls(pid) ?? 0);
  return sample;
}

/** What each service used between two samples (CPU milliseconds, or write calls). */
export function usedBetween(before: ProcessSample, after: ProcessSample): ProcessSample {
  return new Map([...after].map(([name, used]) => [name, used - (before.get(name) ?? 0)]));
}

export const sumOf = (sample: ProcessSample) => [...sample.values()].reduce((a, b) => a + b, 0);

/**
 * Waits until the services have finished the work a run left behind (bank submissions,
 * settlements, events, webhook recording): until `quietMs` passes in which they use no more CPU
 * than their idle rate allows. Returns the sample taken at the start of that quiet window.
 */
export async function settled(
  processes: Map<string, number>,
  idleMsPerSecond: number,
  { quietMs = 1500, timeoutMs = 120_000 } = {},
): Promise<ProcessSample> {
  const deadline = Date.now() + timeoutMs;
  let windowStart = sampleCpu(processes);
  for (;;) {
    await new Promise((r) => setTimeout(r, quietMs));
    const now = sampleCpu(processes);
    const used = sumOf(usedBetween(windowStart, now));
    // Ticks are 10 ms: allow two ticks per service beyond the idle rate.
    if (used <= (idleMsPerSecond * quietMs) / 1000 + 20 * processes.size) return windowStart;
    if (Date.now() > deadline) return now;
    windowStart = now;
  }
}

/** utime, stime, cutime and cstime of a process in ms (cutime/cstime: its reaped children's), or undefined once it is gone. */
function times(pid: number): { own: number; children: number; ppid: number; comm: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ms = (i: number) => (Number(fields[i]) * 1000) / TICKS_PER_SECOND;
    return { own: ms(11) + ms(12), children: ms(13) + ms(14), ppid: Number(fields[1]), comm };
  } catch {
    return undefined;
  }
}

/**
 * CPU milliseconds Postgres has used so far on this machine: every live server process plus
 * the backends that have already exited (their time is added to the postmaster's children's
 * time when it reaps them), so a connection closed between two samples is still counted.
 */
export function postgresCpuMs(): number {
  const all = readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .map((e) => ({ pid: Number(e), t: times(Number(e)) }))
    .filter((p) => p.t?.comm === 'postgres');
  const pids = new Set(all.map((p) => p.pid));
  return all.reduce((sum, p) => sum + p.t!.own + (pids.has(p.t!.ppid) ? 0 : p.t!.children), 0);
}

/** The whole machine's CPU time so far (/proc/stat's first line), in ms summed over every core. */
export interface MachineCpu {
  /** Running anything: user, nice, system, irq and softirq time. */
  busy: number;
  /** Taken by the hypervisor for other guests while this one wanted to run. */
  stolen: number;
  /** Everything, idle and waiting included. */
  total: number;
}

export function machineCpu(stat = readFileSync('/proc/stat', 'utf8')): MachineCpu {
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = stat
    .slice(0, stat.indexOf('\n'))
    .trim()
    .split(/\s+/)
    .slice(1)
    .map((n) => (Number(n) * 1000) / TICKS_PER_SECOND);
  const busy = user + nice + system + irq + softirq;
  return { busy, stolen: steal, total: busy + idle + iowait + steal };
}

/** How busy the machine was between two readings, and how much the hypervisor took, as % of all its cores' time. */
export function machineShare(before: MachineCpu, after: MachineCpu): { busyPct: number; stolenPct: number } {
  const total = after.total - before.total;
  if (total <= 0) return { busyPct: 0, stolenPct: 0 };
  return { busyPct: (100 * (after.busy - before.busy)) / total, stolenPct: (100 * (after.stolen - before.stolen)) / total };
}
