import { describe, expect, it } from 'vitest';
import { MerchantClocks } from './merchant-clocks.js';
import { SandboxClocks } from './sandbox-clocks.js';

const WALL = Date.parse('2026-01-31T12:00:00Z');
const DAY = 86_400_000;

describe('MerchantClocks', () => {
  it('runs an advanced merchant ahead of the wall clock and leaves the others on it', () => {
    const clocks = new MerchantClocks(() => WALL);
    expect(clocks.apply('MR1', 30 * DAY)).toBe(true);
    expect(clocks.now('MR1').toISOString()).toBe('2026-03-02T12:00:00.000Z');
    expect(clocks.now('MR2').getTime()).toBe(WALL);
    expect(clocks.now().getTime()).toBe(WALL);
    expect(clocks.maxOffsetMs()).toBe(30 * DAY);
  });

  it('never moves a clock back: a smaller or equal offset changes nothing', () => {
    const clocks = new MerchantClocks(() => WALL);
    clocks.apply('MR1', 5 * DAY);
    expect(clocks.apply('MR1', 2 * DAY)).toBe(false);
    expect(clocks.apply('MR1', 5 * DAY)).toBe(false);
    expect(clocks.offsetMs('MR1')).toBe(5 * DAY);
    expect(() => clocks.apply('MR1', -1)).toThrow(RangeError);
    expect(() => clocks.apply('MR1', 1.5)).toThrow(RangeError);
  });
});

describe('SandboxClocks', () => {
  it('tells listeners when a clock moves, once per move, and answers the offset held', async () => {
    const clocks = new SandboxClocks({ enabled: true, wall: () => WALL });
    const moved: string[] = [];
    clocks.onAdvance((m) => moved.push(m));
    expect(await clocks.set('MR1', 1000n)).toBe(1000);
    expect(await clocks.set('MR1', 500)).toBe(1000);
    expect(moved).toEqual(['MR1']);
  });

  it('prepares before the clock moves: the new time is read only after, and a failed preparation keeps the old one', async () => {
    const clocks = new SandboxClocks({ enabled: true, wall: () => WALL });
    const seen: string[] = [];
    let fail = true;
    clocks.beforeAdvance(async (m, moved) => {
      seen.push(`${m} +${moved} at ${clocks.offsetMs(m)}`);
      if (fail) throw new Error('not now');
    });
    clocks.onAdvance((m, moved) => seen.push(`moved ${m} +${moved}`));
    await expect(clocks.set('MR1', 5000)).rejects.toThrow('not now');
    expect(clocks.offsetMs('MR1')).toBe(0);
    fail = false;
    expect(await clocks.set('MR1', 5000)).toBe(5000);
    expect(seen).toEqual(['MR1 +5000 at 0', 'MR1 +5000 at 0', 'moved MR1 +5000']);
  });

  it('refuses pushes in production and without a merchant or with a bad offset', async () => {
    const production = new SandboxClocks({ enabled: false, wall: () => WALL });
    await expect(production.set('MR1', 1000)).rejects.toMatchObject({ code: 'not_found' });
    expect(production.now('MR1').getTime()).toBe(WALL);
    const sandbox = new SandboxClocks({ enabled: true });
    await expect(sandbox.set('', 1000)).rejects.toMatchObject({ code: 'validation_error', param: 'merchant_id' });
    await expect(sandbox.set('MR1', -1)).rejects.toMatchObject({ code: 'validation_error', param: 'offset_ms' });
  });
});
