import { mandate } from '@vrp/contracts';
import { encodeDomainEvent, newDomainEvent } from '@vrp/outbox';
import { create } from '@bufbuild/protobuf';

/** A mandate.revoked event as the mandate service publishes it, revoked by `by`. */
export function createDomainEvent(m: { merchantId: string; mandateId: string }, by: 'merchant' | 'customer' | 'bank'): Uint8Array {
  const revokedBy = { merchant: mandate.RevokedBy.MERCHANT, customer: mandate.RevokedBy.CUSTOMER, bank: mandate.RevokedBy.BANK }[by];
  const resource = create(mandate.MandateSchema, {
    id: m.mandateId,
    merchantId: m.merchantId,
    status: mandate.MandateStatus.REVOKED,
    revokedBy,
  });
  return encodeDomainEvent(newDomainEvent('mandate.revoked', m.merchantId, { case: 'mandate', value: resource }));
}
