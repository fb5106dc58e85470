import { connector } from '@vrp/contracts';
import { startGrpcServer, type GrpcServer } from '@vrp/grpc';
import { createLogger } from '@vrp/logging';

/**
 * The bank connector as far as these tests need it (a stand-in on a real gRPC server): it takes
 * payment attempts and remembers them. Outcomes are reported by the tests themselves, so each
 * settlement or failure happens exactly when a test says so.
 */
export interface TestBank {
  url: string;
  /** Payment attempts received, as `paymentId#attempt`, in order (repeats included). */
  attempts: string[];
  close(): Promise<void>;
}

export async function startTestBank(): Promise<TestBank> {
  const attempts: string[] = [];
  const server: GrpcServer = await startGrpcServer({
    port: 0,
    serviceNames: [connector.ConnectorService.typeName],
    logger: createLogger('test-bank', { level: 'silent' }),
    routes: (router) =>
      router.service(connector.ConnectorService, {
        submitPayments: (req) => {
          for (const s of req.submissions) attempts.push(`${s.paymentId}#${s.attempt}`);
          return { receipts: req.submissions.map((s) => ({ bankReference: `BP-${s.paymentId}-${s.attempt}`, clearing: true })) };
        },
      }),
  });
  return { attempts, url: `http://127.0.0.1:${server.port}`, close: () => server.close() };
}
