import { eventDeliveryStatus, type DeliveryState } from '../domain/delivery-status.js';
import type { Tx } from './client.js';

/**
 * Locks the event row for the rest of the transaction. Every change to an event's deliveries
 * takes this lock first, so the status recomputed afterwards sees all committed siblings.
 */
export async function lockEvent(tx: Tx, eventId: string, merchantId?: string): Promise<boolean> {
  const rows = merchantId
    ? await tx.$queryRaw<
        { id: string }[]
      >`SELECT id FROM "webhook"."events" WHERE id = ${eventId} AND merchant_id = ${merchantId} FOR UPDATE`
    : await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "webhook"."events" WHERE id = ${eventId} FOR UPDATE`;
  return rows.length === 1;
}

/** Recomputes and stores the event's delivery_status from its deliveries (call with the event locked). */
export async function refreshEventStatus(tx: Tx, eventId: string): Promise<void> {
  const deliveries = await tx.delivery.findMany({ where: { eventId }, select: { status: true } });
  const status = eventDeliveryStatus(deliveries.map((d) => d.status as DeliveryState));
  await tx.event.update({ where: { id: eventId }, data: { deliveryStatus: status } });
}
