import { readFileSync } from 'node:fs';

/**
 * Disk stalls: stretches in which a disk had requests waiting and completed none. Every commit
 * waits for its write-ahead log to reach the disk, so while a disk stalls every create waits
 * with it; a benchmark prints them beside its worst seconds, so a slow second caused by the disk
 * reads apart from one caused by CPU.
 */

/** One disk's counters at one moment (`/proc/diskstats`). */
export interface DiskCounters {
  /** Reads and writes completed since boot. */
  completed: number;
  /** Requests issued to the device and not yet completed. */
  inFlight: number;
}

/** Every whole disk's counters at `atMs`. */
export interface DiskSample {
  atMs: number;
  disks: Map<string, DiskCounters>;
}

export interface DiskStall {
  disk: string;
  fromMs: number;
  ms: number;
}

/** Whole disks only: their partitions, loop, RAM and device-mapper devices repeat or never stall. */
const WHOLE_DISK = /^(?:[sv]d[a-z]+|xvd[a-z]+|hd[a-z]+|nvme\d+n\d+|mmcblk\d+)$/;

/** Reads the counters of every whole disk (none where `/proc/diskstats` cannot be read). */
export function diskSample(atMs: number, text = readDiskstats()): DiskSample {
  const disks = new Map<string, DiskCounters>();
  for (const line of text.split('\n')) {
    const f = line.trim().split(/\s+/);
    if (f.length < 14 || !WHOLE_DISK.test(f[2]!)) continue;
    // Fields after the name: reads completed (3), writes completed (7), I/Os in flight (11).
    disks.set(f[2]!, { completed: Number(f[3]) + Number(f[7]), inFlight: Number(f[11]) });
  }
  return { atMs, disks };
}

function readDiskstats(): string {
  try {
    return readFileSync('/proc/diskstats', 'utf8');
  } catch {
    return '';
  }
}

/**
 * The stretches of at least `minMs` in which a disk had requests in flight and completed none.
 * Between two samples a disk stalled when it had requests in flight at the first and completed
 * nothing by the second: a request in flight leaves only by completing, so it waited the whole
 * interval. Consecutive stalled intervals of one disk make one stall.
 */
export function diskStalls(samples: DiskSample[], minMs = 100): DiskStall[] {
  const stalls: DiskStall[] = [];
  const open = new Map<string, { fromMs: number; toMs: number }>();
  const close = (disk: string) => {
    const s = open.get(disk);
    if (s && s.toMs - s.fromMs >= minMs) stalls.push({ disk, fromMs: s.fromMs, ms: s.toMs - s.fromMs });
    open.delete(disk);
  };
  for (let i = 1; i < samples.length; i++) {
    const [before, after] = [samples[i - 1]!, samples[i]!];
    for (const [disk, b] of before.disks) {
      const a = after.disks.get(disk);
      const stalled = a !== undefined && b.inFlight > 0 && a.completed === b.completed;
      if (!stalled) {
        close(disk);
        continue;
      }
      const s = open.get(disk);
      if (s) s.toMs = after.atMs;
      else open.set(disk, { fromMs: before.atMs, toMs: after.atMs });
    }
  }
  for (const disk of [...open.keys()]) close(disk);
  return stalls.sort((a, b) => a.fromMs - b.fromMs);
}

/** Samples the disks every `intervalMs` (in this process's event loop) until stopped. */
export function watchDisks(now: () => number, intervalMs = 20): { stop(): DiskSample[] } {
  const samples = [diskSample(now())];
  const timer = setInterval(() => samples.push(diskSample(now())), intervalMs).unref();
  return {
    stop() {
      clearInterval(timer);
      samples.push(diskSample(now()));
      return samples;
    },
  };
}

/** One line for the stalls, their times in seconds from `startMs` (the measured part's start). */
export function diskStallsLine(stalls: DiskStall[], startMs: number, minMs = 100): string {
  if (stalls.length === 0) return `disk: no stall of ${minMs} ms or more (requests waiting, none completed)`;
  const each = stalls.map((s) => `${((s.fromMs - startMs) / 1000).toFixed(1)} s for ${s.ms.toFixed(0)} ms (${s.disk})`);
  return `disk: ${stalls.length} stall${stalls.length === 1 ? '' : 's'} of ${minMs} ms or more (requests waiting, none completed), from ${each.join(', ')}`;
}
