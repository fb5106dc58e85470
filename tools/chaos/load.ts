import { randomUUID } from 'node:crypto';

/** What a merchant's client saw, to be held against what the platform kept. */
export interface LoadLedger {
  requests: Map<string, number>;
  /** Idempotency-Key → every resource id a create under it answered with (must be one). */
  keys: Map<string, Set<string>>;
  mandates: Set<string>;
  payments: Set<string>;
}

interface Client {
  base: string;
  token: string;
}

type Answer = { status: number; body: Record<string, unknown> } | { status: 0; body: { error: string } };

async function call(client: Client, ledger: LoadLedger, method: string, path: string, body?: unknown, key?: string): Promise<Answer> {
  let answer: Answer;
  try {
    const res = await fetch(client.base + path, {
      method,
      headers: { authorization: `Bearer ${client.token}`, 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(8_000),
    });
    const text = await res.text();
    answer = { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  } catch (err) {
    answer = { status: 0, body: { error: (err as Error).message } };
  }
  const outcome = answer.status === 0 ? 'no answer' : `${answer.status}`;
  ledger.requests.set(outcome, (ledger.requests.get(outcome) ?? 0) + 1);
  return answer;
}

/**
 * A create sent with an Idempotency-Key and repeated with the same key and body until it gets a
 * definite answer (a created resource, or a 4xx verdict), as a careful merchant integration does
 * through outages. Every id it is answered with is recorded under the key.
 */
async function idempotentCreate(client: Client, ledger: LoadLedger, path: string, body: unknown, deadline: number): Promise<Record<string, unknown> | undefined> {
  const key = `chaos-${randomUUID()}`;
  const ids = new Set<string>();
  ledger.keys.set(key, ids);
  for (let attempt = 0; Date.now() < deadline; attempt++) {
    const answer = await call(client, ledger, 'POST', path, body, key);
    if (answer.status === 200 || answer.status === 201) {
      ids.add(answer.body.id as string);
      // Sometimes the client retries anyway (it never saw the answer): it must get the same resource.
      if (attempt === 0 && Math.random() < 0.3) continue;
      return answer.body;
    }
    if (answer.status >= 400 && answer.status < 500 && answer.status !== 409 && answer.status !== 429) return undefined;
    await new Promise((r) => setTimeout(r, 200 + attempt * 100));
  }
  return undefined;
}

async function waitStatus(client: Client, ledger: LoadLedger, path: string, wanted: string, deadline: number): Promise<boolean> {
  while (Date.now() < deadline) {
    const answer = await call(client, ledger, 'GET', path);
    if (answer.status === 200 && answer.body.status === wanted) return true;
    if (answer.status === 200 && ['failed', 'revoked', 'suspended'].includes(answer.body.status as string)) return false;
    await new Promise((r) => setTimeout(r, 300));
  }
  return false;
}

/**
 * One merchant's steady work until `until`: a customer and an adhoc mandate, then payments under
 * it, each refunded in part and then in full once settled; every create idempotent and retried.
 */
export async function runWorker(client: Client, ledger: LoadLedger, until: number): Promise<void> {
  const hardStop = until + 30_000;
  while (Date.now() < until) {
    const customer = await idempotentCreate(client, ledger, '/v1/sandbox/customers', { sca_completed: true }, hardStop);
    if (!customer) continue;
    const mandate = await idempotentCreate(
      client,
      ledger,
      '/v1/mandates',
      { customer_id: customer.id, maximum_amount: '100.00', currency: 'GBP', frequency: 'adhoc', description: 'chaos' },
      hardStop,
    );
    if (!mandate) continue;
    ledger.mandates.add(mandate.id as string);
    if (!(await waitStatus(client, ledger, `/v1/mandates/${mandate.id}`, 'active', hardStop))) continue;
    for (let i = 0; i < 3 && Date.now() < until; i++) {
      const payment = await idempotentCreate(client, ledger, '/v1/payments', { mandate_id: mandate.id, amount: '20.00', currency: 'GBP' }, hardStop);
      if (!payment) break;
      ledger.payments.add(payment.id as string);
      if (!(await waitStatus(client, ledger, `/v1/payments/${payment.id}`, 'settled', hardStop))) break;
      await idempotentCreate(client, ledger, `/v1/payments/${payment.id}/refunds`, { amount: '5.00' }, hardStop);
      await idempotentCreate(client, ledger, `/v1/payments/${payment.id}/refunds`, {}, hardStop);
    }
  }
}

export function newLedger(): LoadLedger {
  return { requests: new Map(), keys: new Map(), mandates: new Set(), payments: new Set() };
}
