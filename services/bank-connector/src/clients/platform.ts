import { mandate, payment, refund } from '@vrp/contracts';
import { createServiceClient, type ServiceClient } from '@vrp/grpc';

/** The platform services the connector reports to. */
export interface Platform {
  payments(): ServiceClient<typeof payment.PaymentService>;
  refunds(): ServiceClient<typeof refund.RefundService>;
  mandates(): ServiceClient<typeof mandate.MandateService>;
  close(): void;
}

/**
 * gRPC clients of the payment, refund and mandate services, each made on first use (a deployment
 * without one of them still runs the rest). Breakers retry after one second so a restarted callee
 * is reached again soon; the reporters retry what failed.
 */
export function createPlatform(urls: { paymentServiceUrl: string; refundServiceUrl: string; mandateServiceUrl: string }): Platform {
  const options = { resetTimeoutMs: 1000, volumeThreshold: 5 };
  let payments: ServiceClient<typeof payment.PaymentService> | undefined;
  let refunds: ServiceClient<typeof refund.RefundService> | undefined;
  let mandates: ServiceClient<typeof mandate.MandateService> | undefined;
  return {
    payments: () => (payments ??= createServiceClient(payment.PaymentService, { ...options, baseUrl: urls.paymentServiceUrl })),
    refunds: () => (refunds ??= createServiceClient(refund.RefundService, { ...options, baseUrl: urls.refundServiceUrl })),
    mandates: () => (mandates ??= createServiceClient(mandate.MandateService, { ...options, baseUrl: urls.mandateServiceUrl })),
    close() {
      payments?.close();
      refunds?.close();
      mandates?.close();
    },
  };
}
