import { WEBHOOK_EVENT_TYPES } from '@vrp/public-api';
import { CommandError, type PublicApi } from './public-api-client.js';

/** What a trigger made, for its report: the object the event is about, and each step taken. */
export interface Triggered {
  eventType: string;
  object: string;
  id: string;
}

type Say = (line: string) => void;

/** How often and how long `until` looks again. */
const POLL_MS = 200;
const POLL_LIMIT_MS = 30_000;

/** Repeats `look` until it answers something, or gives up with `what` after POLL_LIMIT_MS. */
async function until<T>(what: string, look: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + POLL_LIMIT_MS;
  for (;;) {
    const found = await look();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new CommandError(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** Waits until GET `path` shows `status`. */
function untilStatus(api: PublicApi, path: string, status: string): Promise<Record<string, unknown>> {
  return until(`${path} to be ${status}`, async () => {
    const body = await api.expect(200, 'GET', path);
    return body.status === status ? body : undefined;
  });
}

/**
 * The steps that make each event happen for real, through the public API and the sandbox routes
 * (which drive the model bank through the bank connector): the same calls a merchant's integration and its customers'
 * banks make. Each builds on the one it needs (a payment needs an active mandate, ...).
 */
class Recipes {
  constructor(
    private readonly api: PublicApi,
    private readonly say: Say,
    private readonly currency: string,
  ) {}

  async mandate(controls?: Record<string, unknown>, frequency = 'adhoc'): Promise<string> {
    const customer = await this.api.expect(201, 'POST', '/v1/sandbox/customers', { sca_completed: true });
    this.say(`created customer ${customer.id as string}`);
    const mandate = await this.api.expect(201, 'POST', '/v1/mandates', {
      customer_id: customer.id,
      maximum_amount: '100.00',
      currency: this.currency,
      frequency,
      description: 'vrp trigger',
      ...(controls ? { controls } : {}),
    });
    this.say(`created mandate ${mandate.id as string} (mandate.created)`);
    return mandate.id as string;
  }

  async activeMandate(frequency = 'adhoc'): Promise<string> {
    const id = await this.mandate(undefined, frequency);
    // In sandbox a mandate also activates by itself shortly after creation; either way it becomes active once.
    const answer = await this.api.send('POST', `/v1/sandbox/mandates/${id}/activate`);
    if (answer.status !== 200) await untilStatus(this.api, `/v1/mandates/${id}`, 'active');
    this.say(`activated mandate ${id} (mandate.activated)`);
    return id;
  }

  async payment(): Promise<string> {
    const mandate = await this.activeMandate();
    const payment = await this.api.expect(201, 'POST', '/v1/payments', { mandate_id: mandate, amount: '10.00', currency: this.currency });
    this.say(`created payment ${payment.id as string} (payment.submitted)`);
    return payment.id as string;
  }

  async settledPayment(): Promise<string> {
    const id = await this.payment();
    // Sandbox payments may also settle by themselves after SANDBOX_SETTLEMENT_DELAY_MS.
    const answer = await this.api.send('POST', `/v1/sandbox/payments/${id}/settle`);
    if (answer.status !== 202 && answer.status !== 200) {
      const now = await this.api.expect(200, 'GET', `/v1/payments/${id}`);
      if (now.status !== 'settled') throw new CommandError(`the bank could not settle payment ${id}: ${JSON.stringify(answer.body)}`);
    }
    await untilStatus(this.api, `/v1/payments/${id}`, 'settled');
    this.say(`the bank settled payment ${id} (payment.settled)`);
    return id;
  }

  /** A monthly schedule of an active mandate, its first cycle a month ahead on the merchant's clock (nothing collected yet). */
  async schedule(): Promise<string> {
    const mandate = await this.activeMandate();
    const clock = await this.api.expect(200, 'GET', '/v1/sandbox/clock');
    const start = new Date(Date.parse(clock.now as string) + 31 * 86_400_000).toISOString().slice(0, 10);
    const schedule = await this.api.expect(201, 'POST', '/v1/schedules', {
      mandate_id: mandate,
      amount: '10.00',
      interval_unit: 'month',
      start_date: start,
    });
    this.say(`created schedule ${schedule.id as string} (schedule.created)`);
    return schedule.id as string;
  }

  /**
   * A schedule whose first cycle the mandate's frequency refuses: a monthly mandate that collected
   * (and settled) this month already, and a schedule due today with `on_limit`.
   */
  async limitedSchedule(onLimit: 'defer' | 'skip'): Promise<string> {
    const mandate = await this.activeMandate('monthly');
    const payment = await this.api.expect(201, 'POST', '/v1/payments', { mandate_id: mandate, amount: '10.00', currency: this.currency });
    await this.api.send('POST', `/v1/sandbox/payments/${payment.id as string}/settle`);
    await untilStatus(this.api, `/v1/payments/${payment.id as string}`, 'settled');
    this.say(`collected this month's payment ${payment.id as string} under monthly mandate ${mandate}`);
    const schedule = await this.api.expect(201, 'POST', '/v1/schedules', {
      mandate_id: mandate,
      amount: '10.00',
      interval_unit: 'month',
      count: 2,
      on_limit: onLimit,
    });
    this.say(`created schedule ${schedule.id as string}, due today (schedule.created)`);
    return schedule.id as string;
  }

  async refund(): Promise<{ payment: string; refund: string }> {
    const payment = await this.settledPayment();
    const refund = await this.api.expect(201, 'POST', `/v1/payments/${payment}/refunds`, { reason: 'vrp trigger' });
    this.say(`refunded payment ${payment} with refund ${refund.id as string} (refund.created, payment.refunded)`);
    return { payment, refund: refund.id as string };
  }
}

/** Makes `eventType` happen for real in sandbox; `say` reports each step. */
export async function trigger(api: PublicApi, eventType: string, say: Say, currency = 'GBP'): Promise<Triggered> {
  if (!(WEBHOOK_EVENT_TYPES as readonly string[]).includes(eventType)) {
    throw new CommandError(`unknown event type '${eventType}'; one of: ${WEBHOOK_EVENT_TYPES.join(', ')}`);
  }
  const r = new Recipes(api, say, currency);
  const done = (object: string, id: string): Triggered => ({ eventType, object, id });
  switch (eventType) {
    case 'mandate.created':
      return done('mandate', await r.mandate());
    case 'mandate.activated':
      return done('mandate', await r.activeMandate());
    case 'mandate.suspended': {
      const id = await r.activeMandate();
      await api.expect(200, 'POST', `/v1/sandbox/mandates/${id}/suspend`);
      say(`the bank suspended mandate ${id} (mandate.suspended)`);
      return done('mandate', id);
    }
    case 'mandate.revoked': {
      const id = await r.mandate();
      await api.expect(200, 'POST', `/v1/mandates/${id}/cancel`);
      say(`cancelled mandate ${id} (mandate.revoked)`);
      return done('mandate', id);
    }
    case 'mandate.expired': {
      // A mandate valid for a minute on the merchant's sandbox clock, then the clock moved past its end.
      const { now } = await api.expect(200, 'GET', '/v1/sandbox/clock');
      const id = await r.mandate({ valid_to: new Date(Date.parse(now as string) + 60_000).toISOString() });
      await api.expect(200, 'POST', '/v1/sandbox/clock/advance', { seconds: 120 });
      await untilStatus(api, `/v1/mandates/${id}`, 'expired');
      say(`advanced the sandbox clock past mandate ${id}'s valid_to (mandate.expired)`);
      return done('mandate', id);
    }
    case 'payment.submitted':
      return done('payment', await r.payment());
    case 'payment.settled':
      return done('payment', await r.settledPayment());
    case 'payment.failed': {
      const id = await r.payment();
      await api.expect(202, 'POST', `/v1/sandbox/payments/${id}/fail`, { failure_code: 'insufficient_funds' });
      await untilStatus(api, `/v1/payments/${id}`, 'failed');
      say(`the bank failed payment ${id} (payment.failed)`);
      return done('payment', id);
    }
    case 'payment.refunded':
      return done('payment', (await r.refund()).payment);
    case 'refund.created':
      return done('refund', (await r.refund()).refund);
    case 'refund.settled': {
      const { refund } = await r.refund();
      // The bank learns of a refund asynchronously: ask until it takes the decision.
      await until(`the bank to accept refund ${refund}`, async () => {
        const answer = await api.send('POST', `/v1/sandbox/refunds/${refund}/settle`);
        return answer.status === 202 || answer.status === 200 ? true : undefined;
      });
      await untilStatus(api, `/v1/refunds/${refund}`, 'settled');
      say(`the bank settled refund ${refund} (refund.settled)`);
      return done('refund', refund);
    }
    case 'refund.failed': {
      const { refund } = await r.refund();
      await until(`the bank to reject refund ${refund}`, async () => {
        const answer = await api.send('POST', `/v1/sandbox/refunds/${refund}/fail`);
        return answer.status === 202 || answer.status === 200 ? true : undefined;
      });
      await untilStatus(api, `/v1/refunds/${refund}`, 'failed');
      say(`the bank rejected refund ${refund} (refund.failed)`);
      return done('refund', refund);
    }
    case 'mandate_request.authorised':
    case 'mandate_request.declined':
    case 'mandate_request.expired': {
      const request = await api.expect(201, 'POST', '/v1/mandate-requests', {
        customer: { name: 'vrp trigger' },
        maximum_amount: '100.00',
        currency,
        frequency: 'adhoc',
        description: 'vrp trigger',
        redirect_uri: 'https://sandbox.example.com/vrp-trigger',
      });
      const id = request.id as string;
      say(`created mandate request ${id}`);
      const action = {
        'mandate_request.authorised': 'approve',
        'mandate_request.declined': 'decline',
        'mandate_request.expired': 'expire',
      }[eventType];
      await api.expect(200, 'POST', `/v1/sandbox/mandate-requests/${id}/${action}`);
      say(`the customer's journey at the model bank ended (${eventType})`);
      return done('mandate_request', id);
    }
    case 'schedule.created':
      return done('schedule', await r.schedule());
    case 'schedule.paused':
    case 'schedule.resumed':
    case 'schedule.cancelled': {
      const id = await r.schedule();
      if (eventType !== 'schedule.cancelled') await api.expect(200, 'POST', `/v1/schedules/${id}/pause`);
      if (eventType === 'schedule.resumed') await api.expect(200, 'POST', `/v1/schedules/${id}/resume`);
      if (eventType === 'schedule.cancelled') await api.expect(200, 'POST', `/v1/schedules/${id}/cancel`);
      say(`${eventType.slice('schedule.'.length)} schedule ${id} (${eventType})`);
      return done('schedule', id);
    }
    case 'schedule.completed': {
      const mandate = await r.activeMandate();
      const schedule = await api.expect(201, 'POST', '/v1/schedules', {
        mandate_id: mandate,
        amount: '10.00',
        interval_unit: 'month',
        count: 1,
      });
      const id = schedule.id as string;
      say(`created schedule ${id} with one cycle, due today (schedule.created)`);
      await untilStatus(api, `/v1/schedules/${id}`, 'completed');
      say(`the scheduler collected its cycle (payment.submitted, schedule.completed)`);
      return done('schedule', id);
    }
    case 'schedule.cycle_deferred':
    case 'schedule.cycle_skipped': {
      const id = await r.limitedSchedule(eventType === 'schedule.cycle_deferred' ? 'defer' : 'skip');
      await until(`schedule ${id}'s first cycle to be ${eventType === 'schedule.cycle_deferred' ? 'deferred' : 'skipped'}`, async () => {
        const events = await api.expect(200, 'GET', `/v1/webhook-events?event_type=${eventType}&page_size=20`);
        return (events.results as { data: { id: string } }[]).some((e) => e.data.id === id) ? true : undefined;
      });
      say(`the frequency limit refused its first cycle (${eventType})`);
      return done('schedule', id);
    }
    case 'export.completed': {
      // A small export: the refunds of one refunded payment, in CSV.
      const { payment } = await r.refund();
      const created = await api.expect(202, 'POST', '/v1/exports', { type: 'refunds', format: 'csv', filters: { payment_id: payment } });
      const id = created.id as string;
      say(`created export ${id} of payment ${payment}'s refunds`);
      const completed = await untilStatus(api, `/v1/exports/${id}`, 'completed');
      say(`export ${id} completed with ${String(completed.row_count)} row(s) (export.completed)`);
      return done('export', id);
    }
    default:
      throw new CommandError(`no way to trigger '${eventType}' yet`);
  }
}
