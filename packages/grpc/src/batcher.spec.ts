import { describe, expect, it } from 'vitest';
import { Batcher } from './batcher.js';

/** A send whose calls the test sees and answers when it wants. */
function peer() {
  const calls: { items: number[]; answer: (results: (string | Error)[]) => void; fail: (err: Error) => void }[] = [];
  const send = (items: number[]) =>
    new Promise<(string | Error)[]>((answer, fail) => {
      calls.push({ items, answer, fail });
    });
  return { calls, send };
}

const turn = () => new Promise((r) => setImmediate(r));
/** A few turns of the event loop: what the batcher scheduled has run. */
const turns = async () => {
  for (let i = 0; i < 5; i++) await turn();
};

describe('Batcher', () => {
  it('sends an item alone at once while nothing is under way', async () => {
    const { calls, send } = peer();
    const batcher = new Batcher(send, { maxInFlight: 1 });
    const one = batcher.call(1);
    await turn();
    expect(calls.map((c) => c.items)).toEqual([[1]]);
    calls[0]!.answer(['r1']);
    await expect(one).resolves.toBe('r1');
  });

  it('sends what queued during a call together once it returns, each caller getting its own result', async () => {
    const { calls, send } = peer();
    const batcher = new Batcher(send, { maxInFlight: 1 });
    const first = batcher.call(1);
    await turn();
    const rest = [2, 3, 4].map((n) => batcher.call(n));
    await turn();
    expect(calls).toHaveLength(1); // the second batch waits for the first
    calls[0]!.answer(['r1']);
    await first;
    await turns();
    expect(calls[1]!.items).toEqual([2, 3, 4]);
    calls[1]!.answer(['r2', new Error('refused 3'), 'r4']);
    const settled = await Promise.allSettled(rest);
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual(['r2', 'refused 3', 'r4']);
  });

  it('fails every item of a batch whose call failed, and keeps going', async () => {
    const { calls, send } = peer();
    const batcher = new Batcher(send);
    const items = [batcher.call(1), batcher.call(2)];
    await turn();
    calls[0]!.fail(new Error('unavailable'));
    for (const item of items) await expect(item).rejects.toThrow('unavailable');
    const later = batcher.call(3);
    await turns();
    calls[1]!.answer(['r3']);
    await expect(later).resolves.toBe('r3');
  });

  it('splits a queue longer than maxBatch', async () => {
    const { calls, send } = peer();
    const batcher = new Batcher(send, { maxBatch: 2, maxInFlight: 4 });
    void [1, 2, 3, 4, 5].map((n) => batcher.call(n).catch(() => undefined));
    await turns();
    expect(calls.map((c) => c.items)).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('with minGapMs, sends what comes within the gap after a batch together once the gap has passed', async () => {
    const { calls, send } = peer();
    const batcher = new Batcher(send, { maxInFlight: 2, minGapMs: 150 });
    const first = batcher.call(1);
    await turn();
    const started = performance.now();
    expect(calls.map((c) => c.items)).toEqual([[1]]);
    calls[0]!.answer(['r1']);
    await expect(first).resolves.toBe('r1');
    // Nothing is under way, yet 2 and 3 wait for the gap and travel together.
    const later = [batcher.call(2), batcher.call(3)];
    await new Promise((r) => setTimeout(r, 100));
    expect(calls).toHaveLength(1);
    await new Promise((r) => setTimeout(r, Math.max(0, started + 200 - performance.now())));
    expect(calls.map((c) => c.items)).toEqual([[1], [2, 3]]);
    calls[1]!.answer(['r2', 'r3']);
    await expect(Promise.all(later)).resolves.toEqual(['r2', 'r3']);
  });
});
