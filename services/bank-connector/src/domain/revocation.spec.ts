import { describe, expect, it } from 'vitest';
import { revokedBy, suspensionReason } from './revocation.js';

describe('revocation reasons', () => {
  it.each([
    ['revoked_by_customer', 'customer'],
    ['revoked_by_bank', 'bank'],
    ['MS02', 'customer'],
    ['MS03', 'bank'],
    ['UK.ASPSP.Fraud', 'bank'],
    [null, 'customer'],
    ['anything', 'customer'],
  ] as const)('%s was revoked by the %s', (reason, by) => expect(revokedBy(reason)).toBe(by));

  it('names the suspension after the linked-account update', () => {
    expect(suspensionReason('UK.OBIE.AccountClosure')).toBe('account_closed');
    expect(suspensionReason('account_switched')).toBe('account_switched');
    expect(suspensionReason(undefined)).toBe('account_blocked');
  });
});
