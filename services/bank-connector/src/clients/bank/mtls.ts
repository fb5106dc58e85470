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

/**
 * An undici Agent presenting the transport certificate on every connection and trusting only the
 * configured CAs for the bank's side (no system CAs: a bank is reached through its own trust
 * anchor). Each request ends after `timeoutMs` at the latest, whatever signal the caller gave.
 */
export function mtlsTransport(credentials: TransportCredentials, timeoutMs: number): MtlsTransport {
  const agent = new Agent({
    connect: { cert: credentials.cert, key: credentials.key, ca: credentials.ca, rejectUnauthorized: true },
    keepAliveTimeout: 10_000,
  });
  return {
    fetch: async (url, init = {}) => {
      const deadline = AbortSignal.timeout(timeoutMs);
      const signal = init.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
      const response = await undiciFetch(url, { ...(init as object), signal, dispatcher: agent } as Parameters<typeof undiciFetch>[1]);
      return response as unknown as Response;
    },
    close: () => agent.close(),
  };
}
