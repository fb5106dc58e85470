import { mandate } from '@vrp/contracts';
import { formatAmount } from '@vrp/money';
import { enumString, isoTimestamp, requiredEnum, requiredTimestamp, storedMetadata } from '../format.js';
import type { MandateJson } from '../resources.js';
import { MANDATE_STATUSES, MANDATE_FREQUENCIES } from '../vocabulary.js';

export { MANDATE_STATUSES, MANDATE_FREQUENCIES };

export type { MandateJson };

const { MandateStatus, Frequency, RevokedBy } = mandate;

/** Turns a contract Mandate into exactly the JSON the API returns for it. */
export function presentMandate(m: mandate.Mandate): MandateJson {
  return {
    id: m.id,
    customer_id: m.customerId,
    status: requiredEnum(MandateStatus, m.status, 'MANDATE_STATUS_'),
    description: m.description,
    metadata: storedMetadata(m.metadata),
    limits: {
      maximum_amount: formatAmount(m.maximumAmountMinor, m.currency),
      currency: m.currency,
      frequency: requiredEnum(Frequency, m.frequency, 'FREQUENCY_'),
    },
    created_at: requiredTimestamp(m.createdAt, 'mandate.created_at'),
    revoked_at: isoTimestamp(m.revokedAt),
    revoked_by: enumString(RevokedBy, m.revokedBy, 'REVOKED_BY_'),
    suspended_at: isoTimestamp(m.suspendedAt),
  };
}
