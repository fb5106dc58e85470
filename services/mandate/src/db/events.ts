import { newDomainEvent, outboxRow, type EventType } from '@vrp/outbox';
import type { Tx } from './client.js';
import type { MandateRow } from './mandates.js';
import { toMandateMessage } from '../messages.js';

/**
 * Writes the outbox row announcing `type` for `mandate` as it is after the change. Must run in
 * the transaction that made the change, so the event exists exactly when the change does.
 * `at` is when it happened on the merchant's clock (a sandbox clock may run ahead).
 */
export async function recordMandateEvent(tx: Tx, subjectPrefix: string, type: EventType, mandate: MandateRow, at?: Date): Promise<void> {
  const event = newDomainEvent(type, mandate.merchantId, { case: 'mandate', value: toMandateMessage(mandate) }, at);
  await tx.outboxEvent.create({ data: outboxRow(subjectPrefix, event) });
}
