import http from 'node:http';
import https from 'node:https';
import { rootCertificates } from 'node:tls';
import { FAPI_INTERACTION_ID_HEADER } from '@vrp/open-banking';

/** Where the bank POSTs event notifications: the clients' event-notification endpoints. */
export interface EventReceiver {
  /** POSTs a signed notification; resolves with the status the client answered. */
  post(url: string, jwt: string, interactionId: string, timeoutMs: number): Promise<number>;
  /** Closes kept-alive connections. */
  close(): void;
}

/**
 * An HTTP(S) client for the clients' event-notification endpoints. An https endpoint must present a
 * certificate from a public CA or from the trust anchor (`ca`), as the profile asks; plain http is
 * accepted for a local platform in sandbox.
 */
export function eventReceiver(ca: string): EventReceiver {
  const agents = {
    'https:': new https.Agent({ keepAlive: true, ca: [...rootCertificates, ca] }),
    'http:': new http.Agent({ keepAlive: true }),
  };
  return {
    post(url, jwt, interactionId, timeoutMs) {
      const target = new URL(url);
      const agent = agents[target.protocol as keyof typeof agents];
      if (!agent) return Promise.reject(new Error(`unsupported scheme ${target.protocol}`));
      const send = target.protocol === 'https:' ? https.request : http.request;
      return new Promise<number>((resolve, reject) => {
        const req = send(
          target,
          {
            method: 'POST',
            agent,
            timeout: timeoutMs,
            headers: {
              'content-type': 'application/jwt',
              'content-length': Buffer.byteLength(jwt),
              [FAPI_INTERACTION_ID_HEADER]: interactionId,
            },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
            res.on('error', reject);
          },
        );
        req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
        req.on('error', reject);
        req.end(jwt);
      });
    },
    close() {
      agents['https:'].destroy();
      agents['http:'].destroy();
    },
  };
}
