import {
  PAYOUTS_PATH,
  VRP_BASE_PATH,
  type ObFundsConfirmationResponse,
  type ObVrpConsentResponse,
  type ObVrpDetails,
  type ObVrpResponse,
  type PayoutResponse,
} from '@vrp/open-banking';
import { newFundsConfirmationId } from './domain/ids.js';
import type { Payout } from './domain/payment.js';
import type { ConsentView, FundsConfirmation, PaymentView } from './domain/views.js';

/** A time as the profile writes it: seconds precision with an explicit offset. */
export function obTime(at: Date): string {
  return `${at.toISOString().slice(0, 19)}+00:00`;
}

/** OBDomesticVRPConsentResponse. */
export function consentResponse(issuer: string, { consent, debtorAccount }: ConsentView): ObVrpConsentResponse {
  return {
    Data: {
      ...(consent.readRefundAccount ? { ReadRefundAccount: consent.readRefundAccount } : {}),
      ConsentId: consent.id,
      CreationDateTime: obTime(consent.creationDateTime),
      Status: consent.status,
      ...(consent.statusReasons?.length ? { StatusReason: consent.statusReasons } : {}),
      StatusUpdateDateTime: obTime(consent.statusUpdateDateTime),
      ControlParameters: consent.controlParameters,
      Initiation: consent.initiation,
      ...(debtorAccount ? { DebtorAccount: debtorAccount } : {}),
    },
    Risk: consent.risk,
    Links: { Self: `${issuer}${VRP_BASE_PATH}/domestic-vrp-consents/${consent.id}` },
    Meta: {},
  };
}

/** OBVRPFundsConfirmationResponse. */
export function fundsConfirmationResponse(
  confirmation: FundsConfirmation,
  request: { Reference?: string; InstructedAmount: { Amount: string; Currency: string } },
): ObFundsConfirmationResponse {
  return {
    Data: {
      FundsConfirmationId: newFundsConfirmationId(),
      ConsentId: confirmation.consentId,
      CreationDateTime: obTime(confirmation.at),
      ...(request.Reference ? { Reference: request.Reference } : {}),
      FundsAvailableResult: {
        FundsAvailableDateTime: obTime(confirmation.at),
        FundsAvailable: confirmation.available ? 'Available' : 'NotAvailable',
      },
      InstructedAmount: request.InstructedAmount,
    },
  };
}

/** OBDomesticVRPResponse. */
export function paymentResponse(issuer: string, { payment, debtorAccount, refundAccount }: PaymentView): ObVrpResponse {
  return {
    Data: {
      DomesticVRPId: payment.id,
      ConsentId: payment.consentId,
      CreationDateTime: obTime(payment.creationDateTime),
      Status: payment.status,
      ...(payment.statusReasons?.length ? { StatusReason: payment.statusReasons } : {}),
      StatusUpdateDateTime: obTime(payment.statusUpdateDateTime),
      ...(refundAccount ? { Refund: refundAccount } : {}),
      Initiation: payment.data.Initiation,
      Instruction: payment.data.Instruction,
      ...(debtorAccount ? { DebtorAccount: debtorAccount } : {}),
    },
    Risk: payment.risk,
    Links: { Self: `${issuer}${VRP_BASE_PATH}/domestic-vrps/${payment.id}` },
    Meta: {},
  };
}

/** OBDomesticVRPDetails: the payment's one transaction and its status (with the reason, when rejected). */
export function paymentDetails({ payment }: PaymentView): ObVrpDetails {
  const reason = payment.statusReasons?.[0];
  return {
    Data: {
      PaymentStatus: [
        {
          PaymentTransactionId: payment.id,
          Status: payment.status,
          StatusUpdateDateTime: obTime(payment.statusUpdateDateTime),
          StatusDetail: {
            Status: payment.status,
            ...(reason?.StatusReasonCode ? { StatusReason: reason.StatusReasonCode } : {}),
            ...(reason?.StatusReasonDescription ? { StatusReasonDescription: reason.StatusReasonDescription.slice(0, 256) } : {}),
          },
        },
      ],
    },
  };
}

/** A payout as the model bank's extension answers it. */
export function payoutResponse(issuer: string, payout: Payout): PayoutResponse {
  return {
    Data: {
      PayoutId: payout.id,
      Status: payout.status,
      ...(payout.statusReasons?.length ? { StatusReason: payout.statusReasons } : {}),
      CreationDateTime: obTime(payout.creationDateTime),
      StatusUpdateDateTime: obTime(payout.statusUpdateDateTime),
      ...payout.data,
    },
    Links: { Self: `${issuer}${PAYOUTS_PATH}/${payout.id}` },
    Meta: {},
  };
}
