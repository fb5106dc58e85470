import { describe, expect, it } from 'vitest';
import { MANDATE_STATUSES, canMove, planMove, refusedMove, type MandateMove, type MandateStatus } from './mandate-lifecycle.js';

const at = new Date('2026-01-02T03:04:05.000Z');

describe('mandate lifecycle', () => {
  const allowed: Record<MandateMove, MandateStatus[]> = {
    activate: ['pending_sca'],
    reinstate: ['suspended'],
    suspend: ['active'],
    cancel: ['pending_sca', 'active', 'suspended'],
    revoke: ['pending_sca', 'active', 'suspended'],
    expire: ['pending_sca', 'active', 'suspended'],
  };

  it.each(Object.entries(allowed))('%s is allowed exactly from %j', (move, from) => {
    for (const status of MANDATE_STATUSES) expect(canMove(move as MandateMove, status)).toBe(from.includes(status));
  });

  it('activation and reinstatement both end active with suspension cleared and announce mandate.activated', () => {
    for (const move of ['activate', 'reinstate'] as const) {
      expect(planMove(move, at)).toMatchObject({
        event: 'mandate.activated',
        change: { status: 'active', suspendedAt: null, revokedAt: null, revokedBy: null },
      });
    }
  });

  it('suspension records when it happened and why (risk_review unless the bank reported the linked account)', () => {
    expect(planMove('suspend', at)).toMatchObject({
      event: 'mandate.suspended',
      change: { status: 'suspended', suspendedAt: at, suspensionReason: 'risk_review' },
    });
    expect(planMove('suspend', at, { suspensionReason: 'account_closed' }).change.suspensionReason).toBe('account_closed');
    expect(planMove('reinstate', at).change.suspensionReason).toBeNull();
  });

  it('a cancel is always by the merchant; a revoke is by whoever the caller names, for the reason it gives', () => {
    expect(planMove('cancel', at, { by: 'bank' }).change).toEqual({
      status: 'revoked',
      revokedAt: at,
      revokedBy: 'merchant',
      suspendedAt: null,
      revocationReason: 'merchant_cancelled',
      suspensionReason: null,
    });
    expect(planMove('revoke', at, { by: 'customer' }).change).toMatchObject({
      status: 'revoked',
      revokedBy: 'customer',
      revocationReason: 'consent_revoked_at_bank',
    });
    expect(planMove('revoke', at, { by: 'bank', revocationReason: 'payment_refused_consent_revoked' }).change.revocationReason).toBe(
      'payment_refused_consent_revoked',
    );
    expect(planMove('revoke', at, { by: 'bank' }).event).toBe('mandate.revoked');
  });

  it('expiry ends a live mandate with mandate.expired and no revocation', () => {
    expect(planMove('expire', at)).toMatchObject({
      event: 'mandate.expired',
      change: { status: 'expired', revokedAt: null, revokedBy: null },
    });
  });

  it('cancelling a revoked mandate is mandate_not_cancellable; other refusals are invalid_state_transition', () => {
    expect(refusedMove('cancel', 'revoked', 'MD1').code).toBe('mandate_not_cancellable');
    expect(refusedMove('cancel', 'expired', 'MD1').code).toBe('mandate_not_cancellable');
    expect(refusedMove('revoke', 'revoked', 'MD1').code).toBe('invalid_state_transition');
    expect(refusedMove('suspend', 'pending_sca', 'MD1').code).toBe('invalid_state_transition');
    expect(refusedMove('activate', 'active', 'MD1').code).toBe('invalid_state_transition');
  });
});
