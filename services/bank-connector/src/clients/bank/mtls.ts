import { createSecureContext } from 'node:tls';
import { Agent, fetch as undiciFetch } from 'undici';

/** The platform's transport certificate and key, and the CAs its bank's TLS is trusted by (PEM). */
export interface TransportCredentials {
  cert: string;
  key: string;
  ca: string;
}

/** What every bank call is made with: fetch over one mutual-TLS connection pool. */
export interface MtlsTransport {
  /** fetch as openid-client and jose take it (their customFetch), over mutual TLS. */
  fetch: (url: string, init?: RequestInit) => Promise<Response>;
  close(): Promise<void>;
}

/** Statuses whose answer has no body (a Response refuses one). */
const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * An undici Agent presenting the transport certificate on every connection and trusting only the
 * configured CAs for the bank's side (no system CAs: a bank is reached through its own trust
 * anchor). The TLS context (certificate, key and CAs parsed) is built once and shared by every
 * connection, and connections are kept alive. Each request ends after `timeoutMs` at the latest,
 * whatever signal the caller gave: its answer is read whole within that time (bank answers are
 * small) and the deadline's timer is cleared then, so a finished call leaves no timer behind to
 * fire (an AbortSignal.timeout would, building a TimeoutError with its stack for every call).
 */
export function mtlsTransport(credentials: TransportCredentials, timeoutMs: number): MtlsTransport {
  const secureContext = createSecureContext({ cert: credentials.cert, key: credentials.key, ca: credentials.ca });
  const agent = new Agent({
    connect: { secureContext, rejectUnauthorized: true },
    keepAliveTimeout: 10_000,
  });
  return {
    fetch: async (url, init = {}) => {
      const deadline = new AbortController();
      const timer = setTimeout(
        () => deadline.abort(new DOMException(`the bank did not answer within ${timeoutMs} ms`, 'TimeoutError')),
        timeoutMs,
      );
      const signal = init.signal ? AbortSignal.any([init.signal, deadline.signal]) : deadline.signal;
      try {
        const response = await undiciFetch(url, { ...(init as object), signal, dispatcher: agent } as Parameters<typeof undiciFetch>[1]);
        const body = NULL_BODY.has(response.status) ? null : await response.arrayBuffer();
        return new Response(body, {
          status: response.status,
          statusText: response.statusText,
          headers: response.headers as unknown as Headers,
        });
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => agent.close(),
  };
}
