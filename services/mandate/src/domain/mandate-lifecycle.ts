import { ApiError } from '@vrp/errors';

/** Where a mandate is in its lifecycle (its public status values). */
export type MandateStatus = 'pending_sca' | 'active' | 'revoked' | 'suspended';
export const MANDATE_STATUSES: readonly MandateStatus[] = ['pending_sca', 'active', 'revoked', 'suspended'];

/** Who revoked a mandate. */
export type RevokedBy = 'merchant' | 'customer' | 'bank';

/** The lifecycle moves a mandate can be asked to make. */
export type MandateMove = 'activate' | 'cancel' | 'revoke' | 'suspend' | 'reinstate';

export type MandateEventType = 'mandate.activated' | 'mandate.revoked' | 'mandate.suspended';

/** The columns a move writes: the new status and the timestamps that go with it. */
export interface MandateChange {
  status: MandateStatus;
  revokedAt: Date | null;
  revokedBy: RevokedBy | null;
  suspendedAt: Date | null;
}

interface MoveRule {
  from: readonly MandateStatus[];
  event: MandateEventType;
  change(at: Date, by: RevokedBy): MandateChange;
}

const revoked = (at: Date, by: RevokedBy): MandateChange => ({ status: 'revoked', revokedAt: at, revokedBy: by, suspendedAt: null });
const active = (): MandateChange => ({ status: 'active', revokedAt: null, revokedBy: null, suspendedAt: null });

// The whole state machine. revoked is final; suspended_at is kept only while suspended.
const MOVES: Record<MandateMove, MoveRule> = {
  activate: { from: ['pending_sca'], event: 'mandate.activated', change: active },
  reinstate: { from: ['suspended'], event: 'mandate.activated', change: active },
  suspend: {
    from: ['active'],
    event: 'mandate.suspended',
    change: (at) => ({ status: 'suspended', revokedAt: null, revokedBy: null, suspendedAt: at }),
  },
  cancel: { from: ['pending_sca', 'active', 'suspended'], event: 'mandate.revoked', change: revoked },
  revoke: { from: ['pending_sca', 'active', 'suspended'], event: 'mandate.revoked', change: revoked },
};

/** A move planned for the database: apply `change` only while the status is still one of `from`. */
export interface PlannedMove {
  from: readonly MandateStatus[];
  event: MandateEventType;
  change: MandateChange;
}

/**
 * Plans `move` at time `at`. `by` says who revokes (a cancel is always the merchant's). The
 * plan is applied as a conditional update, so a concurrent move cannot also win.
 */
export function planMove(move: MandateMove, at: Date, by: RevokedBy = 'merchant'): PlannedMove {
  const rule = MOVES[move];
  return { from: rule.from, event: rule.event, change: rule.change(at, move === 'cancel' ? 'merchant' : by) };
}

/** True when a mandate in `status` may make `move`. */
export function canMove(move: MandateMove, status: MandateStatus): boolean {
  return MOVES[move].from.includes(status);
}

/** The error for asking a mandate in `status` to make a `move` it cannot make. */
export function refusedMove(move: MandateMove, status: MandateStatus, id: string): ApiError {
  if (move === 'cancel' && status === 'revoked') {
    return new ApiError('mandate_not_cancellable', `Mandate '${id}' is already revoked and cannot be cancelled.`);
  }
  return new ApiError('invalid_state_transition', `Mandate '${id}' is ${status}; it cannot ${move}.`);
}
