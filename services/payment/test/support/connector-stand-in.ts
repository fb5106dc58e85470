import { connector, payment } from '@vrp/contracts';
import { createServiceClient, startGrpcServer, type GrpcServer } from '@vrp/grpc';
import { createLogger } from '@vrp/logging';
import { waitFor } from '@vrp/testing';

/**
 * The bank connector as the payment service sees it, on a real gRPC server at a fixed port (so it
 * can be stopped and started again): it takes every attempt into clearing and, when told to,
 * settles it `autoSettleMs` later by reporting to the payment service as the connector does
 * (ReportPaymentOutcomes), retrying until the report is taken. Its book lives in memory, so a
 * restart forgets what it was sent, as a bank that lost an attempt. The connector's own dealings with
 * the bank are its own suite's business.
 */
export interface ConnectorStandIn {
  /** Attempts received, as `payment-id#attempt`, in order (repeats included). */
  received: string[];
  /**
   * The bank decides the payment's latest attempt now, as the sandbox's DecidePayment does: settles
   * it (no failure code) or fails it with the platform's failure code; resolves once reported.
   */
  decide(paymentId: string, failureCode?: string): Promise<void>;
  stop(): Promise<void>;
}

export async function startConnectorStandIn(options: {
  port: number;
  paymentServiceUrl: string;
  autoSettleMs?: number | undefined;
}): Promise<ConnectorStandIn> {
  const payments = createServiceClient(payment.PaymentService, { baseUrl: options.paymentServiceUrl, volumeThreshold: 1000 });
  const book = new Set<string>();
  /** The latest attempt of each payment. */
  const latest = new Map<string, connector.PaymentSubmission>();
  const received: string[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  const report = (s: connector.PaymentSubmission, failureCode = '') =>
    waitFor(
      async () => {
        if (stopped) return true;
        const { results } = await payments
          .reportPaymentOutcomes({
            reports: [
              {
                paymentId: s.paymentId,
                attempt: s.attempt,
                merchantId: s.merchantId,
                ...(failureCode
                  ? { outcome: payment.BankOutcome.FAILED, failureCode }
                  : { outcome: payment.BankOutcome.SETTLED, settlementDate: new Date().toISOString().slice(0, 10) }),
              },
            ],
          })
          .catch(() => ({ results: undefined }));
        return results ? true : undefined;
      },
      { what: `the outcome of ${s.paymentId} reported`, timeoutMs: 30_000 },
    );
  const settle = (s: connector.PaymentSubmission) => report(s).catch(() => undefined);
  const server: GrpcServer = await startGrpcServer({
    port: options.port,
    host: '127.0.0.1',
    logger: createLogger('connector-stand-in', { level: 'silent' }),
    serviceNames: [connector.ConnectorService.typeName],
    routes: (router) => {
      router.service(connector.ConnectorService, {
        submitPayments(req) {
          return {
            receipts: req.submissions.map((s) => {
              const key = `${s.paymentId}#${s.attempt}`;
              received.push(key);
              if (!book.has(key)) {
                book.add(key);
                if (s.attempt >= (latest.get(s.paymentId)?.attempt ?? -1)) latest.set(s.paymentId, s);
                if (options.autoSettleMs !== undefined) {
                  const timer = setTimeout(() => {
                    timers.delete(timer);
                    void settle(s);
                  }, options.autoSettleMs);
                  timers.add(timer);
                }
              }
              return { bankReference: `VRP-${key}`, clearing: true };
            }),
          };
        },
      });
    },
  });
  return {
    received,
    async decide(paymentId, failureCode) {
      const s = latest.get(paymentId);
      if (!s) throw new Error(`the bank has not taken ${paymentId}`);
      await report(s, failureCode);
    },
    async stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      payments.close();
      await server.close();
    },
  };
}
