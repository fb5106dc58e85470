import { describe, expect, it } from 'vitest';
import { normaliseEnabledEvents, subscriptionsTaking, wildcards } from './event-subscription.js';

describe('event subscriptions', () => {
  it('takes an event by its type, its resource wildcard or *', () => {
    expect(subscriptionsTaking('payment.settled')).toEqual(['payment.settled', '*', 'payment.*']);
    expect(wildcards(['mandate.created', 'payment.failed', 'payment.settled'])).toEqual(['*', 'mandate.*', 'payment.*']);
  });

  it('accepts known types and wildcards, dedupes, and refuses anything else naming enabled_events', () => {
    expect(normaliseEnabledEvents(['payment.*', 'refund.settled', 'payment.*', '*'])).toEqual(['payment.*', 'refund.settled', '*']);
    for (const bad of ['payment.lost', 'pay*', 'payment.set*', 'unknown.*', '**'])
      expect(() => normaliseEnabledEvents([bad]), bad).toThrow(
        expect.objectContaining({ code: 'validation_error', param: 'enabled_events' }),
      );
  });
});
