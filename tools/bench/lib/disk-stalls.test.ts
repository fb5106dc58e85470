import { describe, expect, it } from 'vitest';
import { diskSample, diskStalls, diskStallsLine, type DiskSample } from './disk-stalls.js';

/** A /proc/diskstats line: reads completed, writes completed and requests in flight; the rest zero. */
const line = (name: string, reads: number, writes: number, inFlight: number) =>
  ` 254 0 ${name} ${reads} 0 0 0 ${writes} 0 0 0 ${inFlight} 0 0 0 0 0 0 0`;

/** Samples of one disk `vda` at the given times: [ms, completed, in flight]. */
const samples = (...points: [number, number, number][]): DiskSample[] =>
  points.map(([atMs, completed, inFlight]) => ({ atMs, disks: new Map([['vda', { completed, inFlight }]]) }));

describe('disk stalls', () => {
  it('reads whole disks only, counting reads and writes completed', () => {
    const text = [
      line('vda', 10, 20, 1),
      line('vda1', 9, 19, 1),
      line('loop0', 5, 0, 0),
      line('nvme0n1', 1, 2, 0),
      line('nvme0n1p1', 1, 2, 0),
      line('dm-0', 3, 4, 0),
    ].join('\n');
    const { disks } = diskSample(0, text);
    expect([...disks.keys()]).toEqual(['vda', 'nvme0n1']);
    expect(disks.get('vda')).toEqual({ completed: 30, inFlight: 1 });
  });

  it('finds a stretch with requests in flight and nothing completed, from its first sample to its last', () => {
    const s = samples([0, 100, 2], [20, 110, 3], [40, 110, 3], [60, 110, 5], [160, 110, 5], [180, 140, 0], [200, 140, 0]);
    expect(diskStalls(s, 100)).toEqual([{ disk: 'vda', fromMs: 20, ms: 140 }]);
  });

  it('is not an idle disk, a busy one, or a stall shorter than the minimum', () => {
    const idle = samples([0, 100, 0], [200, 100, 0], [400, 100, 0]);
    const busy = samples([0, 100, 4], [200, 101, 4], [400, 102, 4]);
    const short = samples([0, 100, 1], [50, 100, 1], [90, 101, 0]);
    expect(diskStalls(idle, 100)).toEqual([]);
    expect(diskStalls(busy, 100)).toEqual([]);
    expect(diskStalls(short, 100)).toEqual([]);
  });

  it('keeps two stalls apart, and one still going at the last sample', () => {
    const s = samples([0, 1, 1], [150, 1, 1], [170, 2, 1], [300, 2, 1], [420, 2, 1]);
    expect(diskStalls(s, 100)).toEqual([
      { disk: 'vda', fromMs: 0, ms: 150 },
      { disk: 'vda', fromMs: 170, ms: 250 },
    ]);
  });

  it('says when they began, in seconds of the measured part', () => {
    expect(diskStallsLine([{ disk: 'vda', fromMs: 46_500, ms: 200 }], 1_000)).toBe(
      'disk: 1 stall of 100 ms or more (requests waiting, none completed), from 45.5 s for 200 ms (vda)',
    );
    expect(diskStallsLine([], 0)).toBe('disk: no stall of 100 ms or more (requests waiting, none completed)');
  });
});
