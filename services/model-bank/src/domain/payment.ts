import type { ObRisk, ObStatusReason, ObVrpRequest, PaymentStatus, PayoutRequest } from '@vrp/open-banking';

/** The statuses the model bank gives payments and payouts: taken (funds reserved), settled, rejected. */
export type MovementStatus = Extract<PaymentStatus, 'ACTC' | 'ACSC' | 'RJCT'>;

/** A domestic VRP as the bank keeps it. */
export interface Payment {
  id: string;
  consentId: string;
  clientId: string;
  status: MovementStatus;
  statusReasons: ObStatusReason[] | null;
  amountMinor: bigint;
  currency: string;
  /** The request's Data as the bank read it. */
  data: ObVrpRequest['Data'];
  risk: ObRisk;
  /** The PSU's account debited (none when rejected before an account was known). */
  accountId: string | null;
  clockKey: string;
  creationDateTime: Date;
  statusUpdateDateTime: Date;
  /** When automatic settlement takes it (its payee's clock), if the bank settles by itself. */
  settleDueAt: Date | null;
}

/** A payout (the refund extension) as the bank keeps it. */
export interface Payout {
  id: string;
  clientId: string;
  status: MovementStatus;
  statusReasons: ObStatusReason[] | null;
  amountMinor: bigint;
  currency: string;
  data: PayoutRequest['Data'];
  /** The bank's account credited, when the creditor is one of its accounts. */
  creditorAccountId: string | null;
  clockKey: string;
  creationDateTime: Date;
  statusUpdateDateTime: Date;
  settleDueAt: Date | null;
}
