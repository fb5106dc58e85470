import { ApiError } from '@vrp/errors';

/** Where a mandate is in its lifecycle (its public status values). */
export type MandateStatus = 'pending_sca' | 'active' | 'revoked' | 'suspended' | 'expired';
export const MANDATE_STATUSES: readonly MandateStatus[] = ['pending_sca', 'active', 'revoked', 'suspended', 'expired'];

/** Why a mandate was revoked: the merchant's cancel, the consent revoked at the bank, or a payment the bank refused for it. */
export const REVOCATION_REASONS = ['merchant_cancelled', 'consent_revoked_at_bank', 'payment_refused_consent_revoked'] as const;
export type RevocationReason = (typeof REVOCATION_REASONS)[number];
/** Why a mandate is suspended: the bank's linked-account update, or a risk or compliance review. */
export const SUSPENSION_REASONS = ['account_closed', 'account_switched', 'account_blocked', 'risk_review'] as const;
export type SuspensionReason = (typeof SUSPENSION_REASONS)[number];

/** Who revoked a mandate. */
export type RevokedBy = 'merchant' | 'customer' | 'bank';

/** The lifecycle moves a mandate can be asked to make. */
export type MandateMove = 'activate' | 'cancel' | 'revoke' | 'suspend' | 'reinstate' | 'expire';

export type MandateEventType = 'mandate.activated' | 'mandate.revoked' | 'mandate.suspended' | 'mandate.expired';

/** The columns a move writes: the new status and the timestamps that go with it. */
export interface MandateChange {
  status: MandateStatus;
  revokedAt: Date | null;
  revokedBy: RevokedBy | null;
  suspendedAt: Date | null;
  revocationReason: RevocationReason | null;
  suspensionReason: SuspensionReason | null;
}

/** Who and why, for the moves that record it (a revocation's, a suspension's). */
export interface MoveCause {
  by?: RevokedBy;
  revocationReason?: RevocationReason;
  suspensionReason?: SuspensionReason;
}

interface MoveRule {
  from: readonly MandateStatus[];
  event: MandateEventType;
  change(at: Date, cause: MoveCause): MandateChange;
}

const cleared = { revokedAt: null, revokedBy: null, suspendedAt: null, revocationReason: null, suspensionReason: null };
const active = (): MandateChange => ({ status: 'active', ...cleared });
const LIVE: readonly MandateStatus[] = ['pending_sca', 'active', 'suspended'];

// The whole state machine. revoked and expired are final; suspended_at and the suspension reason
// are kept only while suspended.
const MOVES: Record<MandateMove, MoveRule> = {
  activate: { from: ['pending_sca'], event: 'mandate.activated', change: active },
  reinstate: { from: ['suspended'], event: 'mandate.activated', change: active },
  suspend: {
    from: ['active'],
    event: 'mandate.suspended',
    change: (at, cause) => ({
      status: 'suspended',
      ...cleared,
      suspendedAt: at,
      suspensionReason: cause.suspensionReason ?? 'risk_review',
    }),
  },
  cancel: {
    from: LIVE,
    event: 'mandate.revoked',
    change: (at) => ({ status: 'revoked', ...cleared, revokedAt: at, revokedBy: 'merchant', revocationReason: 'merchant_cancelled' }),
  },
  revoke: {
    from: LIVE,
    event: 'mandate.revoked',
    change: (at, cause) => ({
      status: 'revoked',
      ...cleared,
      revokedAt: at,
      revokedBy: cause.by ?? 'customer',
      revocationReason: cause.revocationReason ?? 'consent_revoked_at_bank',
    }),
  },
  expire: { from: LIVE, event: 'mandate.expired', change: () => ({ status: 'expired', ...cleared }) },
};

/** A move planned for the database: apply `change` only while the status is still one of `from`. */
export interface PlannedMove {
  from: readonly MandateStatus[];
  event: MandateEventType;
  change: MandateChange;
}

/**
 * Plans `move` at time `at`. `cause` says who revokes and why, or why a mandate is suspended (a
 * cancel is always the merchant's). The plan is applied as a conditional update, so a concurrent
 * move cannot also win.
 */
export function planMove(move: MandateMove, at: Date, cause: MoveCause = {}): PlannedMove {
  const rule = MOVES[move];
  return { from: rule.from, event: rule.event, change: rule.change(at, cause) };
}

/** True when a mandate in `status` may make `move`. */
export function canMove(move: MandateMove, status: MandateStatus): boolean {
  return MOVES[move].from.includes(status);
}

/** The error for asking a mandate in `status` to make a `move` it cannot make. */
export function refusedMove(move: MandateMove, status: MandateStatus, id: string): ApiError {
  if (move === 'cancel' && (status === 'revoked' || status === 'expired')) {
    return new ApiError('mandate_not_cancellable', `Mandate '${id}' is already ${status} and cannot be cancelled.`);
  }
  return new ApiError('invalid_state_transition', `Mandate '${id}' is ${status}; it cannot ${move}.`);
}
