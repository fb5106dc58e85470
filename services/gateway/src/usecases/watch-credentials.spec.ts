import { describe, expect, it } from 'vitest';
import { CredentialWatch } from './watch-credentials.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('CredentialWatch', () => {
  it('checks each credential once per interval however many responses share it, and ends them all once it is revoked', async () => {
    let checks = 0;
    let speaksFor: string | null = 'MR1';
    const watch = new CredentialWatch(20, () => (checks += 1));
    const ended: number[] = [];
    const stops = [1, 2, 3, 4, 5].map((n) =>
      watch.watch(
        'token-a',
        'MR1',
        async () => speaksFor,
        () => ended.push(n),
      ),
    );
    await sleep(110);
    expect(watch.size()).toBe(1);
    expect(checks).toBeGreaterThanOrEqual(3);
    expect(checks).toBeLessThanOrEqual(6);
    expect(ended).toEqual([]);
    speaksFor = null;
    await sleep(60);
    expect(ended.sort()).toEqual([1, 2, 3, 4, 5]);
    expect(watch.size()).toBe(0);
    for (const stop of stops) stop();
  });

  it('keeps its responses when a check cannot tell, and stops checking once the last one leaves', async () => {
    let checks = 0;
    const watch = new CredentialWatch(10, () => (checks += 1));
    let ended = false;
    const stop = watch.watch(
      'session-b',
      'MR2',
      async () => undefined,
      () => (ended = true),
    );
    await sleep(50);
    expect(ended).toBe(false);
    stop();
    expect(watch.size()).toBe(0);
    const after = checks;
    await sleep(40);
    expect(checks).toBe(after);
  });
});
