import { describe, expect, it } from 'vitest';
import { percentile, secondsLine, worstSeconds } from './measure.js';

describe('latency summaries the benchmarks print', () => {
  it('takes the nearest-rank percentile, 0 for nothing', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 99)).toBe(0);
  });

  it('names the seconds with the highest p99, worst first, passing over seconds with nothing in them', () => {
    const bySecond: number[][] = [];
    bySecond[0] = [10, 12, 11];
    bySecond[1] = [10, 400, 20];
    bySecond[3] = [30, 90];
    bySecond[4] = [15, 250];
    expect(worstSeconds(bySecond)).toEqual([1, 4, 3]);
    expect(worstSeconds(bySecond, 1)).toEqual([1]);
    expect(worstSeconds([])).toEqual([]);
  });

  it("prints the median second's p99 next to the worst seconds", () => {
    const bySecond = [
      [10, 20],
      [10, 300],
      [10, 30],
    ];
    expect(secondsLine('by the second sent', bySecond)).toBe(
      "second by second, by the second sent: the median second's p99 30 ms; the worst seconds, 1 s: p99 300 ms (p50 10); 2 s: p99 30 ms (p50 10); 0 s: p99 20 ms (p50 10)",
    );
    expect(secondsLine('x', [])).toBe('');
  });
});
