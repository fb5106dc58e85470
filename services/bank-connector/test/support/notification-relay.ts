import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { connector } from '@vrp/contracts';
import { ApiError } from '@vrp/errors';
import type { ServiceClient } from '@vrp/grpc';

/** The platform's public bank routes as the gateway will serve them, for the tests. */
export interface NotificationRelay {
  /** The platform's public address (PUBLIC_BASE_URL). */
  url: string;
  /** Every notification POSTed (the signed token as sent), with the status it was answered. */
  received: { token: string; status: number; interactionId: string | undefined }[];
  forwardTo(client: ServiceClient<typeof connector.ConnectorService>): void;
  stop(): Promise<void>;
}

/**
 * POST /v1/bank/event-notifications (application/jwt) handed to the connector's
 * ReceiveEventNotification, answered 202 when it took the notification, 400 when it refused it
 * and 503 when it failed (the bank sends it again), as the gateway is to answer.
 */
export async function startNotificationRelay(): Promise<NotificationRelay> {
  let client: ServiceClient<typeof connector.ConnectorService> | undefined;
  const received: NotificationRelay['received'] = [];
  const server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/bank/event-notifications') {
      res.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const interactionId = req.headers['x-fapi-interaction-id'] as string | undefined;
      const token = Buffer.concat(chunks).toString('utf8').trim();
      client!
        .receiveEventNotification({ token, interactionId: interactionId ?? '' })
        .then(
          () => 202,
          (err: unknown) => (err instanceof ApiError && err.code === 'validation_error' ? 400 : 503),
        )
        .then((status) => {
          received.push({ token, status, interactionId });
          res.writeHead(status, interactionId ? { 'x-fapi-interaction-id': interactionId } : {}).end();
        });
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    forwardTo(c) {
      client = c;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
