// Stored rows as contract messages. Shared by the handlers (responses) and the outbox (event
// payloads), so an event carries exactly what GetMandate would return after the change.
import { create, type JsonObject } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { mandate as pb } from '@vrp/contracts';
import type { MandateStatus, RevokedBy } from '../domain/mandate-lifecycle.js';
import type { Frequency } from '../domain/mandate-terms.js';
import type { Alignment, LimitPeriod, StoredControls } from '../domain/mandate-controls.js';
import type { CustomerRow } from './customers.js';
import type { MandateRow } from './mandates.js';
import type { MandateRequestRow } from './mandate-requests.js';
import type { MandateRequestStatus } from '../domain/mandate-request-lifecycle.js';

export const STATUS_TO_PB: Record<MandateStatus, pb.MandateStatus> = {
  pending_sca: pb.MandateStatus.PENDING_SCA,
  active: pb.MandateStatus.ACTIVE,
  revoked: pb.MandateStatus.REVOKED,
  suspended: pb.MandateStatus.SUSPENDED,
  expired: pb.MandateStatus.EXPIRED,
};
export const FREQUENCY_TO_PB: Record<Frequency, pb.Frequency> = {
  daily: pb.Frequency.DAILY,
  weekly: pb.Frequency.WEEKLY,
  monthly: pb.Frequency.MONTHLY,
  adhoc: pb.Frequency.ADHOC,
};
export const PERIOD_TO_PB: Record<LimitPeriod, pb.Period> = {
  day: pb.Period.DAY,
  week: pb.Period.WEEK,
  fortnight: pb.Period.FORTNIGHT,
  month: pb.Period.MONTH,
  half_year: pb.Period.HALF_YEAR,
  year: pb.Period.YEAR,
};
export const ALIGNMENT_TO_PB: Record<Alignment, pb.Alignment> = { calendar: pb.Alignment.CALENDAR, consent: pb.Alignment.CONSENT };
export const REVOKED_BY_TO_PB: Record<RevokedBy, pb.RevokedBy> = {
  merchant: pb.RevokedBy.MERCHANT,
  customer: pb.RevokedBy.CUSTOMER,
  bank: pb.RevokedBy.BANK,
};

/** Stored controls as the contract's message (undefined when the mandate has none). */
function controlsToPb(stored: StoredControls | null): pb.Controls | undefined {
  if (!stored) return undefined;
  return create(pb.ControlsSchema, {
    ...(stored.valid_from ? { validFrom: timestampFromDate(new Date(stored.valid_from)) } : {}),
    ...(stored.valid_to ? { validTo: timestampFromDate(new Date(stored.valid_to)) } : {}),
    periodicLimits: stored.periodic_limits.map((l) => ({
      period: PERIOD_TO_PB[l.period],
      alignment: ALIGNMENT_TO_PB[l.alignment],
      ...(l.max_amount_minor !== undefined ? { maxAmountMinor: BigInt(l.max_amount_minor) } : {}),
      ...(l.max_payments !== undefined ? { maxPayments: l.max_payments } : {}),
    })),
    proRateFirstPeriod: stored.pro_rate_first_period === true,
  });
}

/** The contract's VrpType of a stored kind. */
export function vrpTypeToPb(vrpType: string): pb.VrpType {
  return vrpType === 'sweeping' ? pb.VrpType.SWEEPING : pb.VrpType.COMMERCIAL;
}

/** A stored customer as the contract's Customer (details not given, or erased, left unset). */
export function toCustomerMessage(row: CustomerRow): pb.Customer {
  return create(pb.CustomerSchema, {
    id: row.id,
    merchantId: row.merchantId,
    scaCompleted: row.scaCompleted,
    createdAt: timestampFromDate(row.createdAt),
    ...(row.email !== null ? { email: row.email } : {}),
    ...(row.name !== null ? { name: row.name } : {}),
    ...(row.reference !== null ? { reference: row.reference } : {}),
    metadata: row.metadata as JsonObject,
    ...(row.erasedAt ? { erasedAt: timestampFromDate(row.erasedAt) } : {}),
  });
}

/** A stored mandate as the contract's Mandate. */
export function toMandateMessage(row: MandateRow): pb.Mandate {
  return create(pb.MandateSchema, {
    id: row.id,
    merchantId: row.merchantId,
    customerId: row.customerId,
    status: STATUS_TO_PB[row.status as MandateStatus],
    description: row.description,
    metadata: row.metadata as JsonObject,
    maximumAmountMinor: row.maximumAmountMinor,
    currency: row.currency,
    frequency: FREQUENCY_TO_PB[row.frequency as Frequency],
    createdAt: timestampFromDate(row.createdAt),
    ...(row.revokedAt ? { revokedAt: timestampFromDate(row.revokedAt) } : {}),
    ...(row.revokedBy ? { revokedBy: REVOKED_BY_TO_PB[row.revokedBy as RevokedBy] } : {}),
    ...(row.suspendedAt ? { suspendedAt: timestampFromDate(row.suspendedAt) } : {}),
    revocationReason: row.revocationReason ?? '',
    suspensionReason: row.suspensionReason ?? '',
    vrpType: vrpTypeToPb(row.vrpType),
    controls: controlsToPb(row.controls as unknown as StoredControls | null),
    mandateRequestId: row.mandateRequestId ?? '',
    ...(row.authorisationUrl
      ? {
          authorisation: {
            url: row.authorisationUrl,
            ...(row.authorisationExpiresAt ? { expiresAt: timestampFromDate(row.authorisationExpiresAt) } : {}),
          },
        }
      : {}),
  });
}

export const REQUEST_STATUS_TO_PB: Record<MandateRequestStatus, pb.MandateRequestStatus> = {
  awaiting_authorisation: pb.MandateRequestStatus.AWAITING_AUTHORISATION,
  authorised: pb.MandateRequestStatus.AUTHORISED,
  declined: pb.MandateRequestStatus.DECLINED,
  expired: pb.MandateRequestStatus.EXPIRED,
  cancelled: pb.MandateRequestStatus.CANCELLED,
};
/** A stored mandate request as the contract's MandateRequest. */
export function toMandateRequestMessage(row: MandateRequestRow): pb.MandateRequest {
  return create(pb.MandateRequestSchema, {
    id: row.id,
    merchantId: row.merchantId,
    customerId: row.customerId,
    status: REQUEST_STATUS_TO_PB[row.status as MandateRequestStatus],
    maximumAmountMinor: row.maximumAmountMinor,
    currency: row.currency,
    frequency: FREQUENCY_TO_PB[row.frequency as Frequency],
    vrpType: vrpTypeToPb(row.vrpType),
    description: row.description,
    metadata: row.metadata as JsonObject,
    controls: controlsToPb(row.controls as unknown as StoredControls | null),
    redirectUri: row.redirectUri,
    authorisationUrl: row.authorisationUrl ?? '',
    expiresAt: timestampFromDate(row.expiresAt),
    mandateId: row.mandateId,
    createdAt: timestampFromDate(row.createdAt),
    ...(row.endedAt ? { endedAt: timestampFromDate(row.endedAt) } : {}),
  });
}
