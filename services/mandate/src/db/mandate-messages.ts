// Stored rows as contract messages. Shared by the handlers (responses) and the outbox (event
// payloads), so an event carries exactly what GetMandate would return after the change.
import { create, type JsonObject } from '@bufbuild/protobuf';
import { timestampDate, timestampFromDate } from '@bufbuild/protobuf/wkt';
import { mandate as pb } from '@vrp/contracts';
import type { MandateStatus, RevokedBy } from '../domain/mandate-lifecycle.js';
import type { Frequency } from '../domain/mandate-terms.js';
import type { Alignment, ControlsInput, LimitPeriod, StoredControls } from '../domain/mandate-controls.js';
import type { CustomerRow } from './customers.js';
import type { MandateRow } from './mandates.js';
import type { MandateRequestRow } from './mandate-requests.js';
import type { MandateRequestStatus } from '../domain/mandate-request-lifecycle.js';

const STATUS_TO_PB: Record<MandateStatus, pb.MandateStatus> = {
  pending_sca: pb.MandateStatus.PENDING_SCA,
  active: pb.MandateStatus.ACTIVE,
  revoked: pb.MandateStatus.REVOKED,
  suspended: pb.MandateStatus.SUSPENDED,
  expired: pb.MandateStatus.EXPIRED,
};
const FREQUENCY_TO_PB: Record<Frequency, pb.Frequency> = {
  daily: pb.Frequency.DAILY,
  weekly: pb.Frequency.WEEKLY,
  monthly: pb.Frequency.MONTHLY,
  adhoc: pb.Frequency.ADHOC,
};
const PERIOD_TO_PB: Record<LimitPeriod, pb.Period> = {
  day: pb.Period.DAY,
  week: pb.Period.WEEK,
  fortnight: pb.Period.FORTNIGHT,
  month: pb.Period.MONTH,
  half_year: pb.Period.HALF_YEAR,
  year: pb.Period.YEAR,
};
const ALIGNMENT_TO_PB: Record<Alignment, pb.Alignment> = { calendar: pb.Alignment.CALENDAR, consent: pb.Alignment.CONSENT };
const REVOKED_BY_TO_PB: Record<RevokedBy, pb.RevokedBy> = {
  merchant: pb.RevokedBy.MERCHANT,
  customer: pb.RevokedBy.CUSTOMER,
  bank: pb.RevokedBy.BANK,
};

function invert<K extends string, V extends number>(map: Record<K, V>): Map<V, K> {
  return new Map(Object.entries(map).map(([k, v]) => [v as V, k as K]));
}
const STATUS_FROM_PB = invert(STATUS_TO_PB);
const FREQUENCY_FROM_PB = invert(FREQUENCY_TO_PB);
const REVOKED_BY_FROM_PB = invert(REVOKED_BY_TO_PB);
const PERIOD_FROM_PB = invert(PERIOD_TO_PB);
const ALIGNMENT_FROM_PB = invert(ALIGNMENT_TO_PB);

/** The domain status of a contract status; undefined for UNSPECIFIED or an unknown number. */
export function statusFromPb(status: pb.MandateStatus): MandateStatus | undefined {
  return STATUS_FROM_PB.get(status);
}

/** The domain frequency of a contract frequency; undefined when not set. */
export function frequencyFromPb(frequency: pb.Frequency): Frequency | undefined {
  return FREQUENCY_FROM_PB.get(frequency);
}

/** Who revoked, from the contract; undefined when not set. */
/** A request's controls in the domain's terms (unknown enum values become undefined, refused by the check). */
export function controlsFromPb(controls: pb.Controls | undefined): ControlsInput | undefined {
  if (!controls) return undefined;
  return {
    validFrom: controls.validFrom ? timestampDate(controls.validFrom) : undefined,
    validTo: controls.validTo ? timestampDate(controls.validTo) : undefined,
    periodicLimits: controls.periodicLimits.map((l) => ({
      period: PERIOD_FROM_PB.get(l.period),
      alignment: ALIGNMENT_FROM_PB.get(l.alignment),
      maxAmountMinor: l.maxAmountMinor,
      maxPayments: l.maxPayments,
    })),
  };
}

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

/** The domain's kind of a contract VrpType (unset: undefined, which stores as commercial). */
export function vrpTypeFromPb(vrpType: pb.VrpType): 'commercial' | 'sweeping' | undefined {
  return vrpType === pb.VrpType.SWEEPING ? 'sweeping' : vrpType === pb.VrpType.COMMERCIAL ? 'commercial' : undefined;
}

export function revokedByFromPb(by: pb.RevokedBy): RevokedBy | undefined {
  return REVOKED_BY_FROM_PB.get(by);
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

const REQUEST_STATUS_TO_PB: Record<MandateRequestStatus, pb.MandateRequestStatus> = {
  awaiting_authorisation: pb.MandateRequestStatus.AWAITING_AUTHORISATION,
  authorised: pb.MandateRequestStatus.AUTHORISED,
  declined: pb.MandateRequestStatus.DECLINED,
  expired: pb.MandateRequestStatus.EXPIRED,
  cancelled: pb.MandateRequestStatus.CANCELLED,
};
const REQUEST_STATUS_FROM_PB = invert(REQUEST_STATUS_TO_PB);

/** The domain status of a contract mandate request status; undefined for UNSPECIFIED or an unknown number. */
export function requestStatusFromPb(status: pb.MandateRequestStatus): MandateRequestStatus | undefined {
  return REQUEST_STATUS_FROM_PB.get(status);
}

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
