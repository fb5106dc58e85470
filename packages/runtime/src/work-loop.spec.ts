import { createLogger } from '@vrp/logging';
import { describe, expect, it } from 'vitest';
import { startWorkLoop } from './work-loop.js';

const logger = createLogger('test', { level: 'silent' });

/** Polls until `ok()` (the loop runs on timers of its own), failing after a generous deadline. */
async function waitFor(ok: () => boolean, { what }: { what: string }): Promise<void> {
  for (const deadline = Date.now() + 10_000; !ok(); await new Promise((r) => setTimeout(r, 5))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
  }
}

describe('startWorkLoop', () => {
  it('drains a backlog without waiting, then idles until nudged', async () => {
    const backlog = [3, 2, 1, 0];
    let passes = 0;
    const loop = startWorkLoop({ name: 't', intervalMs: 60_000, logger, pass: async () => (passes++, backlog.shift() ?? 0) });
    // Three busy passes back to back, then one empty pass, then the long (60 s) wait.
    await waitFor(() => passes === 4, { what: 'the backlog drained' });
    // Idle now: more time passing brings no pass (the wait is a minute, far beyond this test).
    await new Promise((r) => setImmediate(r));
    expect(passes).toBe(4);
    loop.nudge();
    await waitFor(() => passes === 5, { what: 'the nudged pass' });
    await loop.stop();
    expect(passes).toBe(5);
  });

  it('idles after a pass that may have left nothing behind, until nudged', async () => {
    const handled = [2, 5, 1];
    let passes = 0;
    const loop = startWorkLoop({
      name: 't',
      intervalMs: 60_000,
      logger,
      mayHaveMore: (n) => n >= 5,
      pass: async () => (passes++, handled.shift() ?? 0),
    });
    // The first pass handled 2 of a batch of 5: no second pass follows without a nudge.
    await waitFor(() => passes === 1, { what: 'the first pass' });
    await new Promise((r) => setTimeout(r, 20));
    expect(passes).toBe(1);
    // Nudged: a full batch (5) is followed at once by the next pass (1), which leaves nothing.
    loop.nudge();
    await waitFor(() => passes === 3, { what: 'the nudged passes' });
    await new Promise((r) => setTimeout(r, 20));
    expect(passes).toBe(3);
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

  it('answers the nudges of one gap with one pass at its end, drains a backlog without gaps, and stops during a gap', async () => {
    const starts: number[] = [];
    const backlog = [0, 5, 5, 0];
    const loop = startWorkLoop({
      name: 't',
      intervalMs: 60_000,
      minGapMs: 200,
      logger,
      mayHaveMore: (n) => n >= 5,
      pass: async () => (starts.push(performance.now()), backlog.shift() ?? 0),
    });
    await waitFor(() => starts.length === 1, { what: 'the first pass' });
    // Three nudges right after it: one pass, 200 ms after the first began.
    loop.nudge();
    loop.nudge();
    await new Promise((r) => setTimeout(r, 20));
    loop.nudge();
    // That pass (5: a full batch) and the next (5) are followed at once by the one after.
    await waitFor(() => starts.length >= 4, { what: 'the nudged pass and the backlog after it' });
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(195);
    expect(starts[3]! - starts[1]!).toBeLessThan(150);
    await new Promise((r) => setTimeout(r, 250));
    expect(starts).toHaveLength(4);
    // A nudge long after the last pass runs at once; one right after it waits, and stop ends the wait.
    loop.nudge();
    await waitFor(() => starts.length === 5, { what: 'the pass after a quiet spell' });
    loop.nudge();
    await new Promise((r) => setTimeout(r, 30)); // the loop is in the gap now
    expect(starts).toHaveLength(5);
    const stopAt = performance.now();
    await loop.stop();
    expect(performance.now() - stopAt).toBeLessThan(150);
    expect(starts).toHaveLength(5);
  });
});
