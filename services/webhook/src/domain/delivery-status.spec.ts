import { describe, expect, it } from 'vitest';
import { eventDeliveryStatus } from './delivery-status.js';

describe('event delivery status', () => {
  it('derives the event status from its deliveries', () => {
    // Nothing subscribed: nothing is left to deliver.
    expect(eventDeliveryStatus([])).toBe('delivered');
    expect(eventDeliveryStatus(['pending', 'pending'])).toBe('pending');
    expect(eventDeliveryStatus(['delivered', 'delivered'])).toBe('delivered');
    expect(eventDeliveryStatus(['delivered', 'pending'])).toBe('retrying');
    expect(eventDeliveryStatus(['failed', 'retrying'])).toBe('retrying');
    expect(eventDeliveryStatus(['failed', 'delivered'])).toBe('delivery_failed');
  });
});
