import { createLogger } from '@vrp/logging';
import { describe, expect, it } from 'vitest';
import { startWorkLoop } from './work-loop.js';

const logger = createLogger('test', { level: 'silent' });

describe('startWorkLoop', () => {
  it('drains a backlog without waiting, then idles until nudged', async () => {
    const backlog = [3, 2, 1, 0];
    let passes = 0;
    const loop = startWorkLoop({ name: 't', intervalMs: 60_000, logger, pass: async () => (passes++, backlog.shift() ?? 0) });
    await new Promise((r) => setTimeout(r, 50));
    expect(passes).toBe(4); // three busy passes back to back, then one empty pass, then the long wait
    loop.nudge();
    await new Promise((r) => setTimeout(r, 50));
    expect(passes).toBe(5);
    await loop.stop();
  });

  it('keeps going after a failing pass', async () => {
    let passes = 0;
    const loop = startWorkLoop({
      name: 't',
      intervalMs: 5,
      maxBackoffMs: 10,
      logger,
      pass: async () => {
        passes++;
        if (passes < 3) throw new Error('database down');
        return 0;
      },
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(passes).toBeGreaterThanOrEqual(3);
    await loop.stop();
  });

  it('stops after the pass in flight, never during it', async () => {
    let finished = false;
    let release!: () => void;
    const loop = startWorkLoop({
      name: 't',
      intervalMs: 60_000,
      logger,
      pass: () => new Promise<void>((r) => (release = () => ((finished = true), r()))),
    });
    await new Promise((r) => setTimeout(r, 10));
    const stopping = loop.stop();
    setTimeout(() => release(), 30);
    await stopping;
    expect(finished).toBe(true);
  });
});
