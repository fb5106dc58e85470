/** A client of the public API bound to one merchant token. */
export interface BenchApi {
  post(path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }>;
  get(path: string): Promise<{ status: number; body: Record<string, unknown> }>;
}

/** A fetch-based client of `baseUrl` (without /v1) authenticated as `token`. */
export function benchApi(baseUrl: string, token: string): BenchApi {
  return {
    async post(path, body) {
      const res = await fetch(baseUrl + path, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body ?? {}),
      });
      const text = await res.text();
      return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
    },
    async get(path) {
      const res = await fetch(baseUrl + path, { headers: { authorization: `Bearer ${token}` } });
      const text = await res.text();
      return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
    },
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
