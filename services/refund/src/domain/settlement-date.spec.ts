import { describe, expect, it } from 'vitest';
import { expectedSettlementDate } from './settlement-date.js';

describe('expectedSettlementDate', () => {
  it('counts working days only', () => {
    // 2026-11-18 is a Wednesday.
    expect(expectedSettlementDate(new Date('2026-11-18T10:00:00Z'), 2)).toBe('2026-11-20');
    expect(expectedSettlementDate(new Date('2026-11-19T23:59:00Z'), 2)).toBe('2026-11-23');
  });

  it('starts counting on Monday for a weekend request', () => {
    expect(expectedSettlementDate(new Date('2026-11-21T12:00:00Z'), 2)).toBe('2026-11-25');
    expect(expectedSettlementDate(new Date('2026-11-22T12:00:00Z'), 0)).toBe('2026-11-23');
  });
});
