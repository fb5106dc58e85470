import { paymentStage, type PaymentStatus } from '@vrp/open-banking';

/**
 * Where an attempt stands for the connector: submitting (not yet taken by the bank), pending
 * (taken, not final), settled or failed (final, to be reported).
 */
export type Stage = 'submitting' | 'pending' | 'settled' | 'failed';

/** The stage a bank status puts an attempt in. */
export function stageOf(status: PaymentStatus): Exclude<Stage, 'submitting'> {
  return paymentStage(status);
}

/** Statuses that say the bank accepted the payment for execution (the receipt's `clearing`). */
const ACCEPTED: ReadonlySet<PaymentStatus> = new Set(['ACTC', 'ACCP', 'ACFC', 'ACSP', 'ACWC', 'ACWP', 'ACSC', 'ACCC']);

/** Whether the bank took the payment into clearing with this status (RCVD and PDNG are still being checked). */
export function isClearing(status: PaymentStatus): boolean {
  return ACCEPTED.has(status);
}

/** The wait before the `checks`-th read of an undecided payment: doubling from `initialMs` up to `maxMs`. */
export function nextCheckDelay(checks: number, initialMs: number, maxMs: number): number {
  return Math.min(initialMs * 2 ** Math.min(checks, 20), maxMs);
}

/** A date on a clock, as the payment service takes settlement dates (YYYY-MM-DD, UTC). */
export function dateOn(now: Date): string {
  return now.toISOString().slice(0, 10);
}
