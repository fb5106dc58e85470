import { mandate } from '@vrp/contracts';
import { formatAmount } from '@vrp/money';
import { requiredEnum, requiredTimestamp, storedMetadata } from '../format.js';
import type { MandateRequestJson } from '../resources.js';
import { controlsOf } from './mandate.js';

export type { MandateRequestJson };

/** Turns a contract MandateRequest into exactly the JSON the API returns for it. */
export function presentMandateRequest(r: mandate.MandateRequest): MandateRequestJson {
  const authorised = r.status === mandate.MandateRequestStatus.AUTHORISED;
  return {
    id: r.id,
    customer_id: r.customerId,
    status: requiredEnum(mandate.MandateRequestStatus, r.status, 'MANDATE_REQUEST_STATUS_'),
    description: r.description,
    metadata: storedMetadata(r.metadata),
    limits: {
      maximum_amount: formatAmount(r.maximumAmountMinor, r.currency),
      currency: r.currency,
      frequency: requiredEnum(mandate.Frequency, r.frequency, 'FREQUENCY_'),
    },
    vrp_type: r.vrpType === mandate.VrpType.SWEEPING ? 'sweeping' : 'commercial',
    controls: controlsOf(r),
    redirect_uri: r.redirectUri,
    authorisation_url: r.authorisationUrl || null,
    expires_at: requiredTimestamp(r.expiresAt, 'mandate_request.expires_at'),
    mandate_id: authorised ? r.mandateId : null,
    created_at: requiredTimestamp(r.createdAt, 'mandate_request.created_at'),
  };
}
