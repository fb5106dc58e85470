import { mandate, payment, refund } from '@vrp/contracts';
import { ApiError } from '@vrp/errors';
import { startGrpcServer, type GrpcServer } from '@vrp/grpc';
import { createLogger } from '@vrp/logging';

/** What the connector told the platform, in order. */
export interface Told {
  payments: payment.ReportPaymentOutcomeRequest[];
  refunds: refund.ReportRefundOutcomeRequest[];
  revocations: mandate.RevokeMandateRequest[];
  suspensions: mandate.SuspendMandateRequest[];
  journeys: mandate.RecordMandateRequestOutcomeRequest[];
}

/**
 * The payment, refund and mandate services as the connector sees them, on one real gRPC server:
 * each report recorded, and answered as the real services answer (a report of an unknown payment
 * refused, the rest applied). `unavailable` makes every call fail as a service that is down.
 */
export interface PlatformStub {
  url: string;
  told: Told;
  unavailable: boolean;
  /** Payments the payment service does not know (their reports are refused with not_found). */
  unknownPayments: Set<string>;
  stop(): Promise<void>;
}

export async function startPlatformStub(): Promise<PlatformStub> {
  const told: Told = { payments: [], refunds: [], revocations: [], suspensions: [], journeys: [] };
  const stub = { told, unavailable: false, unknownPayments: new Set<string>() } as PlatformStub;
  const up = () => {
    if (stub.unavailable) throw new ApiError('service_unavailable', 'down for the test');
  };
  const server: GrpcServer = await startGrpcServer({
    port: 0,
    host: '127.0.0.1',
    logger: createLogger('platform-stub', { level: 'silent' }),
    serviceNames: [payment.PaymentService.typeName, refund.RefundService.typeName, mandate.MandateService.typeName],
    routes: (router) => {
      router.service(payment.PaymentService, {
        reportPaymentOutcomes(req) {
          up();
          told.payments.push(...req.reports);
          return {
            results: req.reports.map((r) =>
              stub.unknownPayments.has(r.paymentId)
                ? { error: { reason: 'not_found', param: '', details: [], retryAfterSeconds: 0 }, message: 'no such payment' }
                : {},
            ),
          };
        },
      });
      router.service(refund.RefundService, {
        reportRefundOutcome(req) {
          up();
          told.refunds.push(req);
          return {};
        },
      });
      router.service(mandate.MandateService, {
        revokeMandate(req) {
          up();
          told.revocations.push(req);
          return {};
        },
        suspendMandate(req) {
          up();
          told.suspensions.push(req);
          return {};
        },
        recordMandateRequestOutcome(req) {
          up();
          told.journeys.push(req);
          return {};
        },
      });
    },
  });
  stub.url = `http://127.0.0.1:${server.port}`;
  stub.stop = () => server.close();
  return stub;
}
