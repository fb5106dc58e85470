import { mandate } from '@vrp/contracts';
import { describe, expect, it } from 'vitest';
import { enumString, enumValue, isoTimestamp } from './format.js';

describe('format helpers', () => {
  it('turns timestamps into ISO strings and unset into null', () => {
    expect(isoTimestamp({ seconds: 1_700_000_000n, nanos: 123_456_789 } as never)).toBe('2023-11-14T22:13:20.123Z');
    expect(isoTimestamp(undefined)).toBeNull();
  });

  it('maps enums to public strings and back', () => {
    expect(enumString(mandate.MandateStatus, mandate.MandateStatus.PENDING_SCA, 'MANDATE_STATUS_')).toBe('pending_sca');
    expect(enumString(mandate.RevokedBy, mandate.RevokedBy.UNSPECIFIED, 'REVOKED_BY_')).toBeNull();
    expect(enumValue(mandate.Frequency, 'Monthly', 'FREQUENCY_')).toBe(mandate.Frequency.MONTHLY);
    expect(enumValue(mandate.Frequency, 'unspecified', 'FREQUENCY_')).toBeUndefined();
    expect(enumValue(mandate.Frequency, 'yearly', 'FREQUENCY_')).toBeUndefined();
  });
});
