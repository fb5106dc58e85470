import { z } from 'zod';
import {
  PAYMENT_STATUSES,
  obAmount,
  obCashAccount,
  obDateTime,
  obLinks,
  obMeta,
  obRemittanceInformation,
  obStatusReason,
} from '@vrp/open-banking';

/**
 * The model bank's payout extension: OB VRP has no refunds, so a refund is a payout from the
 * merchant's account back to the customer's, under the same security profile as the OB resources
 * (mutual TLS, client-credentials token, signed request and answer, x-idempotency-key).
 */
export const obPayoutRequest = z.object({
  Data: z.object({
    InstructionIdentification: z.string().min(1).max(35),
    EndToEndIdentification: z.string().min(1).max(35),
    InstructedAmount: obAmount,
    /** The merchant's account the money leaves. */
    DebtorAccount: obCashAccount,
    /** The customer's account it goes back to. */
    CreditorAccount: obCashAccount,
    RemittanceInformation: obRemittanceInformation.optional(),
  }),
});
export type ObPayoutRequest = z.infer<typeof obPayoutRequest>;

/** A payout as the bank keeps it; its Status is one of the payment statuses. */
export const obPayoutResponse = z.object({
  Data: z.object({
    PayoutId: z.string().min(1).max(40),
    CreationDateTime: obDateTime,
    Status: z.enum(PAYMENT_STATUSES),
    StatusReason: z.array(obStatusReason).optional(),
    StatusUpdateDateTime: obDateTime,
    InstructionIdentification: z.string().min(1).max(35),
    EndToEndIdentification: z.string().min(1).max(35),
    InstructedAmount: obAmount,
    DebtorAccount: obCashAccount.optional(),
    CreditorAccount: obCashAccount,
  }),
  Links: obLinks,
  Meta: obMeta,
});
export type ObPayoutResponse = z.infer<typeof obPayoutResponse>;
