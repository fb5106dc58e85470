import { describe, expect, it } from 'vitest';
import { failureCodeOf } from './failure-codes.js';

describe('failureCodeOf', () => {
  it.each([
    [['AM04'], 'RJCT', 'insufficient_funds'],
    [['AC04'], 'RJCT', 'account_closed'],
    [['AC06'], 'RJCT', 'account_blocked'],
    [['U009'], 'RJCT', 'mandate_revoked_at_bank'],
    [[], 'CANC', 'mandate_revoked_at_bank'],
    [['U014'], 'RJCT', 'violates_consent_parameters'],
    [['UK.OBIE.Rules.FailsControlParameters'], 'RJCT', 'violates_consent_parameters'],
    [['CUST'], 'CANC', 'payment_stopped'],
    [['TECH'], 'RJCT', 'technical_error'],
    [['MS03'], 'RJCT', 'bank_rejected'],
    [[], 'RJCT', 'bank_rejected'],
    [[undefined, 'XX99', 'AM04'], 'RJCT', 'insufficient_funds'],
  ] as const)('%j with status %s is %s', (reasons, status, code) => {
    expect(failureCodeOf(reasons, status)).toBe(code);
  });
});
