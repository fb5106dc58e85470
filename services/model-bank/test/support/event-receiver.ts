import { once } from 'node:events';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createLocalJWKSet, type JSONWebKeySet } from 'jose';
import { verifyEventNotification, type ObEventNotification } from '@vrp/open-banking';

/** One POST the receiver took. */
export interface ReceivedNotification {
  status: number;
  contentType?: string;
  interactionId?: string;
  jwt: string;
}

/**
 * The PISP's event-notification endpoint for the tests: an HTTPS server (certificate from the
 * test trust anchor) that records every POST and answers 202, or what `answer` says.
 */
export class EventReceiver {
  readonly received: ReceivedNotification[] = [];
  /** What the next POSTs are answered (default 202). */
  answer: () => number = () => 202;
  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(tls: { cert: string; key: string }): Promise<EventReceiver> {
    const holder: { receiver?: EventReceiver } = {};
    const server = createServer(tls, (req, res) => {
      const receiver = holder.receiver;
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        const status = receiver!.answer();
        const interactionId = req.headers['x-fapi-interaction-id'] as string | undefined;
        receiver!.received.push({ status, contentType: req.headers['content-type'], interactionId, jwt: body });
        if (interactionId) res.setHeader('x-fapi-interaction-id', interactionId);
        res.statusCode = status;
        res.end();
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    holder.receiver = new EventReceiver(server, `https://127.0.0.1:${(server.address() as AddressInfo).port}/event-notifications`);
    return holder.receiver;
  }

  /** The accepted (202) notifications, verified as the PISP would verify them. */
  async accepted(expect: { jwks: JSONWebKeySet; issuer: string; audience: string }): Promise<ObEventNotification[]> {
    const key = createLocalJWKSet(expect.jwks);
    return Promise.all(
      this.received
        .filter((r) => r.status === 202)
        .map((r) => verifyEventNotification(r.jwt, { key, issuer: expect.issuer, audience: expect.audience })),
    );
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
