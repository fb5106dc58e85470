import type { Metrics } from '@vrp/metrics';

/** The metrics of calls to the bank: how many by endpoint and HTTP status (or `no_answer`), and how long they took. */
export interface BankCallMetrics {
  record(endpoint: string, status: string, seconds: number): void;
}

/** Registers the bank-call metric families on `metrics` (once per process's registry). */
export function bankCallMetrics(metrics: Metrics): BankCallMetrics {
  // OpenTelemetry's http.client.request.duration (its _count counts the calls): the endpoint's
  // method and path template, and the status (no_answer when none came).
  const latency = metrics.histogram(
    'http_client_request_duration_seconds',
    'Time from request to answer of a call to the bank, by endpoint and HTTP status (or no_answer).',
    ['url_template', 'http_response_status_code'],
  );
  return {
    record(endpoint, status, seconds) {
      latency.observe({ url_template: endpoint, http_response_status_code: status }, seconds);
    },
  };
}

/**
 * `fetch` recording the authorisation server's calls (discovery, keys, token, PAR) under their
 * method and path; calls under `resourceBases` are recorded by the resource client instead, by
 * their endpoint's template.
 */
export function observedFetch(
  fetch: (url: string, init?: RequestInit) => Promise<Response>,
  metrics: BankCallMetrics,
  resourceBases: string[],
): (url: string, init?: RequestInit) => Promise<Response> {
  return async (url, init) => {
    if (resourceBases.some((base) => url.startsWith(base))) return fetch(url, init);
    const endpoint = `${init?.method ?? 'GET'} ${new URL(url).pathname}`;
    const started = performance.now();
    let status = 'no_answer';
    try {
      const response = await fetch(url, init);
      status = String(response.status);
      return response;
    } finally {
      metrics.record(endpoint, status, (performance.now() - started) / 1000);
    }
  };
}
