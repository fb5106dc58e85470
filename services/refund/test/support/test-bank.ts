import { connector } from '@vrp/contracts';
import { ApiError } from '@vrp/errors';
import { startGrpcServer, type GrpcServer } from '@vrp/grpc';
import { createLogger } from '@vrp/logging';

/**
 * The bank connector, as far as these tests need it (a stand-in on a real gRPC server): it takes
 * payment attempts and refunds and remembers them, and can be told to be down for refunds.
 * Outcomes are reported by the tests themselves, so every step of a refund's life happens exactly
 * when a test says so. The connector's own dealings with the bank are its own suite's business.
 */
export interface TestBank {
  url: string;
  /** Refund submissions received, in order (repeats included). */
  refundSubmissions: connector.SubmitRefundRequest[];
  /** While true, SubmitRefund answers Unavailable. */
  refusingRefunds: boolean;
  /** Refund ids SubmitRefund turned away while refusing. */
  refusedRefundIds: string[];
  /** While set, SubmitRefund holds every call until this settles (a slow bank); null by default. */
  refundHold: Promise<void> | null;
  /** Refund ids SubmitRefund was called with, as each call arrives (before any hold). */
  arrivedRefundIds: string[];
  close(): Promise<void>;
}

/** Starts the test bank on port 0. */
export async function startTestBank(): Promise<TestBank> {
  const state = {
    refundSubmissions: [] as connector.SubmitRefundRequest[],
    refusingRefunds: false,
    refusedRefundIds: [] as string[],
    refundHold: null as Promise<void> | null,
    arrivedRefundIds: [] as string[],
  };
  const server: GrpcServer = await startGrpcServer({
    port: 0,
    serviceNames: [connector.ConnectorService.typeName],
    logger: createLogger('test-bank', { level: 'silent' }),
    routes: (router) =>
      router.service(connector.ConnectorService, {
        submitPayments: (req) => ({
          receipts: req.submissions.map((s) => ({ bankReference: `BP-${s.paymentId}-${s.attempt}`, clearing: true })),
        }),
        submitRefund: async (req) => {
          state.arrivedRefundIds.push(req.refundId);
          if (state.refundHold) await state.refundHold;
          if (state.refusingRefunds) {
            state.refusedRefundIds.push(req.refundId);
            throw new ApiError('service_unavailable', 'bank is down');
          }
          state.refundSubmissions.push(req);
          return { bankReference: `BR-${req.refundId}` };
        },
      }),
  });
  return Object.assign(state, { url: `http://127.0.0.1:${server.port}`, close: () => server.close() });
}
