import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { connector } from '@vrp/contracts';
import { ApiError } from '@vrp/errors';
import { startGrpcServer, type GrpcServer } from '@vrp/grpc';
import { createLogger } from '@vrp/logging';

/**
 * The bank connector as the mandate service sees it, on one real gRPC server. Like the real
 * connector it stages one consent per mandate (a repeat answers the same consent and link); it
 * records every call, so a test can count what reached the bank. `unavailable` fails every call as
 * a connector that is down; `hold` keeps StageConsent calls waiting, their consents not yet staged,
 * until it settles (a bank slow to stage).
 */
export interface ConnectorStub {
  url: string;
  /** Every StageConsent call, in order. */
  stageCalls: connector.StageConsentRequest[];
  /** Consents staged at the bank: mandate id → consent id. */
  staged: Map<string, string>;
  /** Mandates whose consent was deleted at the bank. */
  cancelled: string[];
  /** Mandates whose consent the customer approved through the sandbox bank's controls. */
  approved: string[];
  unavailable: boolean;
  /** While set, each StageConsent call (recorded in stageCalls) stages nothing until it settles. */
  hold: Promise<void> | undefined;
  stop(): Promise<void>;
}

export async function startConnectorStub(): Promise<ConnectorStub> {
  const stub = { stageCalls: [], staged: new Map(), cancelled: [], approved: [], unavailable: false } as unknown as ConnectorStub;
  const up = () => {
    if (stub.unavailable) throw new ApiError('service_unavailable', 'down for the test');
  };
  const server: GrpcServer = await startGrpcServer({
    port: 0,
    host: '127.0.0.1',
    logger: createLogger('connector-stub', { level: 'silent' }),
    serviceNames: [connector.ConnectorService.typeName, connector.SandboxBankService.typeName],
    routes: (router) => {
      router.service(connector.ConnectorService, {
        async stageConsent(req) {
          up();
          stub.stageCalls.push(req);
          if (stub.hold) await stub.hold;
          let consentId = stub.staged.get(req.mandateId);
          if (!consentId) stub.staged.set(req.mandateId, (consentId = `CONSENT-${stub.staged.size + 1}`));
          return {
            consentId,
            authorisationUrl: `http://127.0.0.1:8080/v1/bank/authorise/${consentId}`,
            // As the connector does: a journey without an expiry of its own gets 30 minutes.
            authorisationExpiresAt: req.expiresAt ?? timestampFromDate(new Date(Date.now() + 30 * 60_000)),
          };
        },
        cancelConsent(req) {
          up();
          stub.cancelled.push(req.mandateId);
          return {};
        },
      });
      router.service(connector.SandboxBankService, {
        approveConsent(req) {
          up();
          if (!stub.staged.has(req.mandateId)) throw new ApiError('not_found', `No consent of mandate '${req.mandateId}'`);
          stub.approved.push(req.mandateId);
          return { outcome: connector.Outcome.SUCCESS, redirectUrl: '' };
        },
      });
    },
  });
  stub.url = `http://127.0.0.1:${server.port}`;
  stub.stop = () => server.close();
  return stub;
}
