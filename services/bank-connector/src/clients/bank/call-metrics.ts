import type { Metrics } from '@vrp/metrics';

/** The metrics of calls to the bank: how many by endpoint and HTTP status (or `no_answer`), and how long they took. */
export interface BankCallMetrics {
  record(endpoint: string, status: string, seconds: number): void;
}

/** Registers the bank-call metric families on `metrics` (once per process's registry). */
export function bankCallMetrics(metrics: Metrics): BankCallMetrics {
  const calls = metrics.counter('vrp_bank_calls_total', 'Calls to the bank, by endpoint and HTTP status (or no_answer).', [
    'endpoint',
    'status',
  ]);
  const latency = metrics.histogram('vrp_bank_call_duration_seconds', 'Time from request to answer of a call to the bank.', ['endpoint']);
  return {
    record(endpoint, status, seconds) {
      calls.inc({ endpoint, status });
      latency.observe({ endpoint }, seconds);
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
