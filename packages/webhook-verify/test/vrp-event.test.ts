import { EVENT_SCHEMAS, EVENT_TYPES, type EventType, type VrpEvent } from '@vrp/webhook-verify';
import { describe, expect, expectTypeOf, it } from 'vitest';

/** A receiver's handler: every case narrows `data`; `never` in default proves the switch exhaustive. */
function handle(event: VrpEvent): string {
  switch (event.event_type) {
    case 'mandate.created':
    case 'mandate.activated':
    case 'mandate.revoked':
    case 'mandate.suspended':
    case 'mandate.expired':
      return `${event.data.customer_id} ${event.data.limits.maximum_amount}`;
    case 'payment.submitted':
    case 'payment.settled':
    case 'payment.failed':
    case 'payment.refunded':
      return `${event.data.mandate_id} ${event.data.amount_refunded}`;
    case 'refund.created':
    case 'refund.settled':
    case 'refund.failed':
      return `${event.data.payment_id} ${event.data.expected_settlement_date}`;
    case 'mandate_request.authorised':
    case 'mandate_request.declined':
    case 'mandate_request.expired':
      return `${event.data.redirect_uri} ${event.data.mandate_id}`;
    case 'schedule.created':
    case 'schedule.paused':
    case 'schedule.resumed':
    case 'schedule.cancelled':
    case 'schedule.cycle_deferred':
    case 'schedule.cycle_skipped':
    case 'schedule.completed':
      return `${event.data.mandate_id} ${event.data.next_charge_date}`;
    case 'export.completed':
      return `${event.data.row_count} ${event.data.download_url}`;
    case 'webhook_endpoint.disabled':
    case 'webhook_endpoint.enabled':
      return `${event.data.url} ${event.data.status}`;
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

/** The same switch missing refund.settled does not compile: the default case is no longer `never`. */
function handleAllButOne(event: VrpEvent): string {
  switch (event.event_type) {
    case 'mandate.created':
    case 'mandate.activated':
    case 'mandate.revoked':
    case 'mandate.suspended':
    case 'mandate.expired':
    case 'payment.submitted':
    case 'payment.settled':
    case 'payment.failed':
    case 'payment.refunded':
    case 'refund.created':
    case 'refund.failed':
    case 'mandate_request.authorised':
    case 'mandate_request.declined':
    case 'mandate_request.expired':
    case 'schedule.created':
    case 'schedule.paused':
    case 'schedule.resumed':
    case 'schedule.cancelled':
    case 'schedule.cycle_deferred':
    case 'schedule.cycle_skipped':
    case 'schedule.completed':
    case 'export.completed':
    case 'webhook_endpoint.disabled':
    case 'webhook_endpoint.enabled':
      return event.event_id;
    default: {
      // @ts-expect-error refund.settled is not handled, so event is not never here
      const unhandled: never = event;
      return unhandled;
    }
  }
}

describe('VrpEvent', () => {
  it('is a union discriminated by event_type whose data is the resource that type carries', () => {
    expectTypeOf<Extract<VrpEvent, { event_type: 'payment.failed' }>['data']['failure_code']>().toEqualTypeOf<
      | 'insufficient_funds'
      | 'mandate_revoked_at_bank'
      | 'account_closed'
      | 'bank_rejected'
      | 'refer_to_payer'
      | 'account_blocked'
      | 'violates_consent_parameters'
      | 'payment_stopped'
      | 'technical_error'
      | null
    >();
    expectTypeOf<VrpEvent['event_type']>().toEqualTypeOf<EventType>();
    expect(Object.keys(EVENT_SCHEMAS)).toEqual(EVENT_TYPES);
  });

  it('narrows at run time as the types say', () => {
    const refund = {
      event_id: 'EV1',
      event_type: 'refund.settled',
      created_at: '2026-03-01T09:00:00.000Z',
      data: { payment_id: 'PM1', expected_settlement_date: '2026-03-03' },
    } as unknown as VrpEvent;
    expect(handle(refund)).toBe('PM1 2026-03-03');
    expect(handleAllButOne(refund)).toBe(refund);
  });
});
