import { describe, expect, it } from 'vitest';
import { consentKey, identification, instructionId, paymentKey, refundKey } from './request-keys.js';

describe('request keys', () => {
  it('derive the same key from the same request and different keys from different ones, within OB limits', () => {
    expect(paymentKey('PM1', 0)).toBe(paymentKey('PM1', 0));
    expect(paymentKey('PM1', 1)).not.toBe(paymentKey('PM1', 0));
    expect(new Set([paymentKey('PM1', 0), consentKey('MR1', 'PM1'), refundKey('PM1')]).size).toBe(3);
    for (const key of [paymentKey('PM1', 0), consentKey('MR1', 'MD1'), refundKey('RF1')]) expect(key).toMatch(/^[0-9a-f]{40}$/);
  });

  it('keep InstructionIdentification readable when it fits in 35 characters', () => {
    expect(instructionId('PM01JXYZ', 2)).toBe('PM01JXYZ-2');
    expect(instructionId('P'.repeat(40), 2)).toHaveLength(35);
    expect(identification('RF1')).toBe('RF1');
    expect(identification('R'.repeat(36))).toHaveLength(35);
  });
});
