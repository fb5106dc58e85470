import { common, payment, refund } from '@vrp/contracts';
import { ApiError, isErrorCode } from '@vrp/errors';
import { Batcher, createServiceClient, type ServiceClient } from '@vrp/grpc';

/** Where the bank reports outcomes: the payment and refund services. */
export interface PlatformReporter {
  reportPayment(req: {
    paymentId: string;
    attempt: number;
    outcome: payment.BankOutcome;
    settlementDate?: string;
    failureCode?: string;
    merchantId?: string;
  }): Promise<void>;
  reportRefund(req: { refundId: string; outcome: refund.RefundOutcome }): Promise<void>;
  close(): void;
}

type PaymentReport = Parameters<PlatformReporter['reportPayment']>[0];

/** A refused report's reason, as the error the caller would have got from ReportPaymentOutcome. */
function refusal(result: payment.ReportResult): ApiError | undefined {
  const error: common.ErrorDetail | undefined = result.error;
  if (!error) return undefined;
  return new ApiError(isErrorCode(error.reason) ? error.reason : 'internal_error', result.message || error.reason, {
    ...(error.param ? { param: error.param } : {}),
  });
}

/**
 * gRPC callbacks to the platform. Payment reports travel in batches (ReportPaymentOutcomes):
 * alone and at once while the payment service keeps up, together while a call is under way. A
 * refused report fails alone, with the reason the single call would have given. The refund
 * client is made on first use, so the simulator runs (and payments work) where no refund
 * service is deployed. Breakers re-try after one second so a restarted callee is reached soon.
 */
export function createPlatformReporter(urls: { paymentServiceUrl: string; refundServiceUrl: string }): PlatformReporter {
  const options = { resetTimeoutMs: 1000, volumeThreshold: 5 };
  const payments = createServiceClient(payment.PaymentService, { ...options, baseUrl: urls.paymentServiceUrl });
  const paymentReports = new Batcher<PaymentReport, void>(async (reports) => {
    const { results } = await payments.reportPaymentOutcomes({ reports });
    return results.map((result) => refusal(result));
  });
  let refunds: ServiceClient<typeof refund.RefundService> | undefined;
  return {
    async reportPayment(req) {
      await paymentReports.call(req);
    },
    async reportRefund(req) {
      refunds ??= createServiceClient(refund.RefundService, { ...options, baseUrl: urls.refundServiceUrl });
      await refunds.reportRefundOutcome(req);
    },
    close() {
      payments.close();
      refunds?.close();
    },
  };
}
