import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { usedBetween, sampleCpu, sampleWrites } from './process-cpu.js';

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
