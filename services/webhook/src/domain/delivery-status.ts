/** A delivery of one event to one endpoint. */
export type DeliveryState = 'pending' | 'retrying' | 'delivered' | 'failed';
/** The merchant-facing status of an event (docs/webhooks.md). */
export type EventDeliveryStatus = 'pending' | 'delivered' | 'retrying' | 'delivery_failed';

export const EVENT_DELIVERY_STATUSES: readonly EventDeliveryStatus[] = ['pending', 'delivered', 'retrying', 'delivery_failed'];

/**
 * An event's status from its deliveries: `delivered` when there is nothing to deliver (no
 * endpoint was subscribed) or every delivery succeeded, `pending` until anything was attempted,
 * `retrying` while any is still waiting for another attempt, and `delivery_failed` once all are
 * done and one failed.
 */
export function eventDeliveryStatus(deliveries: DeliveryState[]): EventDeliveryStatus {
  if (deliveries.length === 0) return 'delivered';
  if (deliveries.every((d) => d === 'pending')) return 'pending';
  if (deliveries.every((d) => d === 'delivered')) return 'delivered';
  if (deliveries.some((d) => d === 'pending' || d === 'retrying')) return 'retrying';
  return 'delivery_failed';
}

/** The state a delivery waits in for its next attempt. */
export function waitingState(attemptsMade: number): DeliveryState {
  return attemptsMade === 0 ? 'pending' : 'retrying';
}
