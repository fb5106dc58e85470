import http from 'node:http';
import https from 'node:https';

/** A client of the public API bound to one merchant token. */
export interface BenchApi {
  post(path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }>;
  get(path: string): Promise<{ status: number; body: Record<string, unknown> }>;
}

/**
 * A client of `baseUrl` (without /v1) authenticated as `token`, on node:http with one pool of
 * keep-alive connections (https for an https URL). The load generator shares the machine with the platform it measures,
 * so it is kept light: fetch (undici) cost about three times as much CPU per request (against a
 * bare local server, 410–460 µs of the client's CPU per request, against 130–140 µs here).
 */
export function benchApi(baseUrl: string, token: string): BenchApi {
  const url = new URL(baseUrl);
  const transport = url.protocol === 'https:' ? https : http;
  // Idle connections close after 4 s, before the server's 5 s keep-alive timeout can close one
  // just as a request reuses it (an ECONNRESET that would count against the platform).
  const agent = new transport.Agent({ keepAlive: true, timeout: 4000, maxSockets: Infinity, maxFreeSockets: 1024, scheduling: 'lifo' });
  const send = (method: string, path: string, body?: string) =>
    new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
      const headers: http.OutgoingHttpHeaders = { authorization: `Bearer ${token}` };
      if (body !== undefined) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = Buffer.byteLength(body);
      }
      const req = transport.request({ host: url.hostname, port: url.port, path, method, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} });
          } catch (err) {
            reject(err as Error);
          }
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  return {
    post: (path, body) => send('POST', path, JSON.stringify(body ?? {})),
    get: (path) => send('GET', path),
  };
}

/**
 * `count` active adhoc GBP mandates created through the sandbox routes. Each benchmark request
 * collects under a mandate of its own, because a mandate allows only one open payment.
 */
export async function seedMandates(api: BenchApi, count: number, log: (line: string) => void): Promise<string[]> {
  const ids: string[] = [];
  let next = 0;
  const one = async () => {
    const customer = await api.post('/v1/sandbox/customers', { sca_completed: true });
    const mandate = await api.post('/v1/mandates', {
      customer_id: customer.body.id,
      maximum_amount: '100.00',
      currency: 'GBP',
      frequency: 'adhoc',
      description: 'benchmark',
    });
    const activated = await api.post(`/v1/sandbox/mandates/${mandate.body.id as string}/activate`);
    // The sandbox may have activated it by itself already; that is just as good.
    const alreadyActive =
      activated.status === 422 && (activated.body as { error?: { code?: string } }).error?.code === 'invalid_state_transition';
    if (activated.status !== 200 && !alreadyActive)
      throw new Error(`seeding failed: ${activated.status} ${JSON.stringify(activated.body)}`);
    ids.push(mandate.body.id as string);
    if (ids.length % 250 === 0) log(`seeded ${ids.length}/${count} mandates`);
  };
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next++ < count) await one();
    }),
  );
  return ids;
}
