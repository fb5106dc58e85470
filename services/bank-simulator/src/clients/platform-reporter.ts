import { payment, refund } from '@vrp/contracts';
import { createServiceClient, type ServiceClient } from '@vrp/grpc';

/** Where the bank reports outcomes: the payment and refund services. */
export interface PlatformReporter {
  reportPayment(req: {
    paymentId: string;
    attempt: number;
    outcome: payment.BankOutcome;
    settlementDate?: string;
    failureCode?: string;
  }): Promise<void>;
  reportRefund(req: { refundId: string; outcome: refund.RefundOutcome }): Promise<void>;
  close(): void;
}

/**
 * gRPC callbacks to the platform. The refund client is made on first use, so the simulator runs
 * (and payments work) where no refund service is deployed. Breakers re-try after one second so a
 * restarted callee is reached soon.
 */
export function createPlatformReporter(urls: { paymentServiceUrl: string; refundServiceUrl: string }): PlatformReporter {
  const options = { resetTimeoutMs: 1000, volumeThreshold: 5 };
  const payments = createServiceClient(payment.PaymentService, { ...options, baseUrl: urls.paymentServiceUrl });
  let refunds: ServiceClient<typeof refund.RefundService> | undefined;
  return {
    async reportPayment(req) {
      await payments.reportPaymentOutcome(req);
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
