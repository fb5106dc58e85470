import { z } from 'zod';
import { PAYMENT_STATUSES } from '../codes.js';
import { obAmount, obCashAccount, obDateTime, obLinks, obMeta, obRemittanceInformation, obStatusReason } from './common.js';

/**
 * The model bank's payout extension (not part of Open Banking, which has no refund operation): a
 * payment from the merchant's account back to the payer's refund account (the `Data.Refund` a VRP
 * answer carries when its consent asked `ReadRefundAccount: Yes`). Served under PAYOUTS_PATH in the
 * same security profile as the VRP resources: mutual TLS, a client-credentials token with scope
 * `payments`, signed bodies, x-idempotency-key on the POST.
 */
export const PAYOUTS_PATH = '/model-bank/v1/payouts';

/** The body of POST /model-bank/v1/payouts. */
export const payoutRequest = z.object({
  Data: z.object({
    /** The PISP's identification of the payout (its refund). */
    InstructionIdentification: z.string().min(1).max(35),
    /** Travels with the payout to the payer's statement. */
    EndToEndIdentification: z.string().min(1).max(35),
    InstructedAmount: obAmount,
    /** The merchant's account the money leaves. */
    DebtorAccount: obCashAccount,
    /** The payer's refund account the money goes back to. */
    CreditorAccount: obCashAccount,
    RemittanceInformation: obRemittanceInformation.optional(),
  }),
});
export type PayoutRequest = z.infer<typeof payoutRequest>;

/** A payout as the model bank keeps it: ACTC once taken, then ACSC (credited) or RJCT with a StatusReason. */
export const payoutResponse = z.object({
  Data: payoutRequest.shape.Data.extend({
    PayoutId: z.string().min(1).max(40),
    Status: z.enum(PAYMENT_STATUSES),
    StatusReason: z.array(obStatusReason).optional(),
    CreationDateTime: obDateTime,
    StatusUpdateDateTime: obDateTime,
  }),
  Links: obLinks,
  Meta: obMeta,
});
export type PayoutResponse = z.infer<typeof payoutResponse>;
