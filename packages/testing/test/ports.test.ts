import { expect, it } from 'vitest';
import { portRange, reservePort } from '@vrp/testing';

it('gives each vitest worker its own slice of ports, below the ephemeral range', () => {
  const slices = [1, 2, 3, 4, 5, 6, 7, 8].map((pool) => portRange(String(pool)));
  for (const [i, slice] of slices.entries()) {
    expect(slice.high).toBeLessThanOrEqual(32_768);
    for (const other of slices.slice(i + 1)) expect(slice.high <= other.low || other.high <= slice.low).toBe(true);
  }
  expect(portRange('')).toEqual({ low: 20_000, high: 32_000 });
});

it('never hands out the same port twice in a process, even before either is bound', async () => {
  const ports = await Promise.all(Array.from({ length: 50 }, () => reservePort()));
  expect(new Set(ports).size).toBe(50);
  const { low, high } = portRange();
  for (const port of ports) expect(port >= low && port < high).toBe(true);
});
