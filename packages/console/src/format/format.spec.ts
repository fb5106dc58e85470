import { describe, expect, it } from 'vitest';
import { cappedCount, compactQuery, dayBound, formatAmount, formatDateTime, toneOf } from './format.js';

describe('console formatting', () => {
  it('shows times in UTC and a dash for none', () => {
    expect(formatDateTime('2026-11-24T01:42:10.448Z')).toBe('24 Nov 2026, 01:42:10 UTC');
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime('not a time')).toBe('not a time');
  });

  it('shows amounts exactly as the API wrote them', () => {
    expect(formatAmount('0.10', 'GBP')).toBe('0.10 GBP');
    expect(formatAmount('1000', 'JPY')).toBe('1000 JPY');
    expect(formatAmount('90071992547409.93', 'GBP')).toBe('90071992547409.93 GBP');
  });

  it('colours statuses by what they mean', () => {
    expect(toneOf('delivery_failed')).toBe('bad');
    expect(toneOf('delivered')).toBe('good');
    expect(toneOf('retrying')).toBe('warn');
    expect(toneOf('something_new')).toBe('neutral');
  });

  it('builds list queries without empty filters', () => {
    expect(compactQuery({ status: 'failed', mandate_id: '', cursor: undefined, x: '  ', y: null })).toEqual({ status: 'failed' });
  });

  it('turns picked days into inclusive UTC bounds', () => {
    expect(dayBound('2026-02-28', 'start')).toBe('2026-02-28T00:00:00.000Z');
    expect(dayBound('2026-02-28', 'end')).toBe('2026-02-28T23:59:59.999Z');
    expect(dayBound('2028-02-29', 'end')).toBe('2028-02-29T23:59:59.999Z');
    expect(dayBound('28/02/2026', 'start')).toBeUndefined();
    expect(dayBound('', 'start')).toBeUndefined();
  });

  it('marks a capped count', () => {
    expect(cappedCount(1000, true)).toBe('1000+');
    expect(cappedCount(12, false)).toBe('12');
  });
});
