import { randomUUID } from 'node:crypto';
import { newLimitAnswers, noteLimitAnswer, type LimitAnswers } from './limits.js';

/** What a merchant's client saw, to be held against what the platform kept. */
export interface LoadLedger {
  requests: Map<string, number>;
  /** Idempotency-Key → every resource id a create under it answered with (must be one). */
  keys: Map<string, Set<string>>;
  /** 500 answers (internal_error means a bug, whatever fault was under way): method, path, request id. */
  serverErrors: string[];
  /** Creates whose first attempt was cut off by the client (a timeout) and then retried. */
  cutFirstAttempts: number;
  /** Partial refunds sent once without an Idempotency-Key: how many, and how many got no definite answer. */
  keyless: { sent: number; unanswered: number };
  mandates: Set<string>;
  payments: Set<string>;
  refunds: Set<string>;
  schedules: Set<string>;
  /** How the webhook fan-out limits answered (endpoint creates, bulk replays, manual retries). */
  limits: LimitAnswers;
}

export interface Client {
  base: string;
  token: string;
  /** The run's seeded random source, so a failing run's choices can be replayed. */
  random: () => number;
}

/** A small seeded PRNG (mulberry32): the same seed makes the same client decisions. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Answer = { status: number; body: Record<string, unknown> } | { status: 0; body: { error: string } };

export async function call(
  client: Client,
  ledger: LoadLedger,
  method: string,
  path: string,
  options: { body?: unknown; key?: string; timeoutMs?: number } = {},
): Promise<Answer> {
  let answer: Answer;
  try {
    const res = await fetch(client.base + path, {
      method,
      headers: {
        authorization: `Bearer ${client.token}`,
        'content-type': 'application/json',
        ...(options.key ? { 'idempotency-key': options.key } : {}),
      },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      signal: AbortSignal.timeout(options.timeoutMs ?? 8_000),
    });
    const text = await res.text();
    answer = { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
    if (res.status >= 500 && res.status !== 503)
      ledger.serverErrors.push(
        `${method} ${path} → ${res.status} ${text.slice(0, 300)} (X-Request-Id ${res.headers.get('x-request-id')}) at ${new Date().toISOString()}`,
      );
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
 * through outages. Some first attempts are cut off by the client after a few milliseconds (it
 * cannot know whether they reached the platform) and some successes are re-sent anyway (the
 * answer was "lost"): every retry must land on the same resource. Every id answered is recorded.
 */
async function idempotentCreate(
  client: Client,
  ledger: LoadLedger,
  path: string,
  body: unknown,
  deadline: number,
): Promise<Record<string, unknown> | undefined> {
  const key = `chaos-${randomUUID()}`;
  const ids = new Set<string>();
  ledger.keys.set(key, ids);
  const cutFirst = client.random() < 0.2;
  const resendAnyway = client.random() < 0.3;
  for (let attempt = 0; attempt < 60 && Date.now() < deadline; attempt++) {
    const cut = attempt === 0 && cutFirst;
    const answer = await call(client, ledger, 'POST', path, {
      body,
      key,
      ...(cut ? { timeoutMs: 5 + Math.floor(client.random() * 150) } : {}),
    });
    if (cut && answer.status === 0) ledger.cutFirstAttempts++;
    if (answer.status === 200 || answer.status === 201) {
      ids.add(answer.body.id as string);
      if (attempt === 0 && resendAnyway) continue;
      return answer.body;
    }
    if (answer.status >= 400 && answer.status < 500 && answer.status !== 409 && answer.status !== 429) return undefined;
    await new Promise((r) => setTimeout(r, 200 + Math.min(attempt, 10) * 100));
  }
  return undefined;
}

/** A create sent once without an Idempotency-Key; the resource when it was answered with one. */
async function keylessCreate(
  client: Client,
  ledger: LoadLedger,
  path: string,
  body: unknown,
): Promise<Record<string, unknown> | undefined> {
  ledger.keyless.sent++;
  const answer = await call(client, ledger, 'POST', path, { body });
  if (answer.status === 200 || answer.status === 201) return answer.body;
  if (answer.status === 0 || answer.status >= 500) ledger.keyless.unanswered++;
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
 * One merchant's steady work until `stop.at`: a customer and an adhoc mandate, then payments under
 * it, each refunded in part and then in full once settled; every create but half the partial
 * refunds idempotent and retried.
 * Nothing runs past `stop.at` + 30 s.
 */
export async function runWorker(client: Client, ledger: LoadLedger, stop: { at: number }): Promise<void> {
  // Read at each step: the run extends `stop.at` until its last fault is done.
  const until = () => stop.at;
  const hardStop = () => stop.at + 30_000;
  while (Date.now() < until()) {
    const customer = await idempotentCreate(client, ledger, '/v1/sandbox/customers', { sca_completed: true }, hardStop());
    if (!customer) continue;
    const mandate = await idempotentCreate(
      client,
      ledger,
      '/v1/mandates',
      { customer_id: customer.id, maximum_amount: '100.00', currency: 'GBP', frequency: 'adhoc', description: 'chaos' },
      hardStop(),
    );
    if (!mandate) continue;
    ledger.mandates.add(mandate.id as string);
    if (!(await waitStatus(client, ledger, `/v1/mandates/${mandate.id}`, 'active', hardStop()))) continue;
    for (let i = 0; i < 3 && Date.now() < until(); i++) {
      const payment = await idempotentCreate(
        client,
        ledger,
        '/v1/payments',
        { mandate_id: mandate.id, amount: '20.00', currency: 'GBP' },
        hardStop(),
      );
      if (!payment) break;
      ledger.payments.add(payment.id as string);
      if (!(await waitStatus(client, ledger, `/v1/payments/${payment.id}`, 'settled', hardStop()))) break;
      // Half the partial refunds come from an integration that sends no Idempotency-Key and so
      // cannot retry safely: one attempt, whatever happens. A create without a key records
      // nothing before its hold, so one cut off by a fault leaves only the hold, which the
      // refund service's sweeper must give back (the audit finds any left unresolved).
      const partial =
        client.random() < 0.5
          ? await keylessCreate(client, ledger, `/v1/payments/${payment.id}/refunds`, { amount: '5.00' })
          : await idempotentCreate(client, ledger, `/v1/payments/${payment.id}/refunds`, { amount: '5.00' }, hardStop());
      if (partial) ledger.refunds.add(partial.id as string);
      const rest = await idempotentCreate(client, ledger, `/v1/payments/${payment.id}/refunds`, {}, hardStop());
      if (rest) ledger.refunds.add(rest.id as string);
    }
    // Every other mandate gets a schedule whose one cycle is due at once: the scheduler collects it
    // while services are killed (its own replica included), exactly once (the audit counts them).
    if (client.random() < 0.5) {
      const schedule = await idempotentCreate(
        client,
        ledger,
        '/v1/schedules',
        { mandate_id: mandate.id, amount: '7.00', interval_unit: 'month', count: 1 },
        hardStop(),
      );
      if (schedule) ledger.schedules.add(schedule.id as string);
    }
    // Every other mandate is cancelled by the merchant: mandate.revoked must be delivered too.
    if (client.random() < 0.5) await call(client, ledger, 'POST', `/v1/mandates/${mandate.id}/cancel`);
    await pressLimits(client, ledger);
  }
}

/**
 * What an impatient integration does to webhooks, against the platform's limits: a bulk replay
 * of the failed events sent twice in a row (one a minute is accepted), and one event retried
 * by hand a dozen times (ten retries an hour in the fault suite). Both re-deliver real events,
 * signed, to the merchant's receiver.
 */
async function pressLimits(client: Client, ledger: LoadLedger): Promise<void> {
  for (let i = 0; i < 2; i++) {
    const replay = await call(client, ledger, 'POST', '/v1/webhook-events/retry', { body: { delivery_status: 'delivery_failed' } });
    noteLimitAnswer(ledger.limits, 'bulk replay', replay.status, replay.body);
  }
  const page = await call(client, ledger, 'GET', '/v1/webhook-events?page_size=1');
  const event = page.status === 200 ? (page.body.results as { id: string }[] | undefined)?.[0] : undefined;
  if (!event) return;
  for (let i = 0; i < 12; i++) {
    const retried = await call(client, ledger, 'POST', `/v1/webhook-events/${event.id}/retry`);
    noteLimitAnswer(ledger.limits, 'manual retry', retried.status, retried.body);
  }
}

export function newLedger(): LoadLedger {
  return {
    requests: new Map(),
    keys: new Map(),
    serverErrors: [],
    cutFirstAttempts: 0,
    keyless: { sent: 0, unanswered: 0 },
    mandates: new Set(),
    payments: new Set(),
    refunds: new Set(),
    schedules: new Set(),
    limits: newLimitAnswers(),
  };
}
