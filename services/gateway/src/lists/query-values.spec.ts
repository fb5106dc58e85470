import { ApiError } from '@vrp/errors';
import { describe, expect, it } from 'vitest';
import { calendarDateParam, timestampParam } from './query-values.js';

const refused = (fn: () => unknown) => {
  try {
    fn();
    return false;
  } catch (err) {
    return err instanceof ApiError && err.code === 'validation_error';
  }
};

describe('date and timestamp query values', () => {
  it('accepts real instants and dates', () => {
    expect(timestampParam('created_at[gte]', '2025-01-31T12:00:00Z').toISOString()).toBe('2025-01-31T12:00:00.000Z');
    expect(timestampParam('created_at[gte]', '2024-02-29').toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(timestampParam('created_at[gte]', '2025-01-31T12:00:00.123+02:00').toISOString()).toBe('2025-01-31T10:00:00.123Z');
    expect(calendarDateParam('settlement_date[lte]', '2024-02-29')).toBe('2024-02-29');
  });

  it('refuses days and times that do not exist instead of rolling them over', () => {
    for (const raw of [
      '2025-02-30',
      '2025-02-29T00:00:00Z',
      '2025-01-31T24:00:00Z',
      '2025-01-31T12:60:00Z',
      '2025-13-01',
      '2025-01-31T12:00:00',
    ]) {
      expect(
        refused(() => timestampParam('created_at[gte]', raw)),
        raw,
      ).toBe(true);
    }
    for (const raw of ['2025-02-30', '2025-1-01', '2025-01-31T00:00:00Z'])
      expect(
        refused(() => calendarDateParam('settlement_date[gte]', raw)),
        raw,
      ).toBe(true);
  });

  it('refuses year 0000 and instants before 0001-01-01, which no service can store', () => {
    for (const raw of ['0000-01-01', '0000-12-31T23:59:59Z', '0001-01-01T00:30:00+01:00']) {
      expect(
        refused(() => timestampParam('created_at[gte]', raw)),
        raw,
      ).toBe(true);
    }
    expect(refused(() => calendarDateParam('settlement_date[gte]', '0000-01-01'))).toBe(true);
    expect(timestampParam('created_at[gte]', '0001-01-01').toISOString()).toBe('0001-01-01T00:00:00.000Z');
    expect(calendarDateParam('settlement_date[lte]', '9999-12-31')).toBe('9999-12-31');
  });
});
