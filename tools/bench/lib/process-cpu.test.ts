import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { machineCpu, machineShare, usedBetween, sampleCpu, sampleWrites } from './process-cpu.js';

/** A child that, when told, writes 200 lines to its stdout pipe (one write each), burns 300 ms of CPU, then says done. */
const CHILD = `
const fs = require('fs');
process.stdin.once('data', () => {
  for (let i = 0; i < 200; i++) fs.writeSync(1, 'x\\n');
  const start = process.cpuUsage();
  while ((process.cpuUsage(start).user + process.cpuUsage(start).system) / 1000 < 300);
  fs.writeSync(1, 'done\\n');
  process.stdin.once('data', () => process.exit(0));
});`;

describe('per-process figures the benchmarks print', () => {
  it("counts a process's write system calls and its CPU time", async () => {
    const child = spawn(process.execPath, ['-e', CHILD]);
    let out = '';
    const done = new Promise<void>((resolve) =>
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('done')) resolve();
      }),
    );
    const processes = new Map([['child', child.pid!]]);
    await new Promise((r) => setTimeout(r, 300));
    const writesBefore = sampleWrites(processes);
    const cpuBefore = sampleCpu(processes);
    child.stdin.write('go\n');
    await done;
    const writes = usedBetween(writesBefore, sampleWrites(processes)).get('child')!;
    const cpu = usedBetween(cpuBefore, sampleCpu(processes)).get('child')!;
    child.stdin.write('stop\n');
    await once(child, 'exit');
    expect(writes).toBeGreaterThanOrEqual(201);
    expect(writes).toBeLessThan(300);
    // The kernel counts in 10 ms ticks.
    expect(cpu).toBeGreaterThanOrEqual(280);
  });

  it('reads a process that is gone as 0', () => {
    expect(sampleWrites(new Map([['gone', 2 ** 22 + 12345]])).get('gone')).toBe(0);
  });
});

describe("the machine's CPU", () => {
  it('reads busy, stolen and total time from /proc/stat, and the shares between two readings', () => {
    const at = (user: number, idle: number, steal: number) =>
      `cpu  ${user} 0 ${user / 2} ${idle} 10 0 ${user / 10} ${steal} 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\n`;
    const before = machineCpu(at(1000, 5000, 100));
    expect(before).toEqual({ busy: 16_000, stolen: 1000, total: 67_100 });
    // 340 ticks later: 160 busy (100 user, 50 system, 10 softirq), 150 idle, 30 stolen.
    const after = machineCpu(at(1100, 5150, 130));
    const share = machineShare(before, after);
    expect(share.busyPct).toBeCloseTo((100 * 160) / 340, 5);
    expect(share.stolenPct).toBeCloseTo((100 * 30) / 340, 5);
    expect(machineShare(after, after)).toEqual({ busyPct: 0, stolenPct: 0 });
  });

  it('reads this machine', () => {
    const now = machineCpu();
    expect(now.total).toBeGreaterThan(now.busy);
    expect(now.stolen).toBeGreaterThanOrEqual(0);
  });
});
