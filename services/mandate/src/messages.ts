// Stored rows as contract messages. Shared by the handlers (responses) and the outbox (event
// payloads), so an event carries exactly what GetMandate would return after the change.
import { create, type JsonObject } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { mandate as pb } from '@vrp/contracts';
import type { MandateStatus, RevokedBy } from './domain/mandate-lifecycle.js';
import type { Frequency } from './domain/mandate-terms.js';
import type { CustomerRow } from './db/customers.js';
import type { MandateRow } from './db/mandates.js';

const STATUS_TO_PB: Record<MandateStatus, pb.MandateStatus> = {
  pending_sca: pb.MandateStatus.PENDING_SCA,
  active: pb.MandateStatus.ACTIVE,
  revoked: pb.MandateStatus.REVOKED,
  suspended: pb.MandateStatus.SUSPENDED,
};
const FREQUENCY_TO_PB: Record<Frequency, pb.Frequency> = {
  daily: pb.Frequency.DAILY,
  weekly: pb.Frequency.WEEKLY,
  monthly: pb.Frequency.MONTHLY,
  adhoc: pb.Frequency.ADHOC,
};
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

/** The domain status of a contract status; undefined for UNSPECIFIED or an unknown number. */
export function statusFromPb(status: pb.MandateStatus): MandateStatus | undefined {
  return STATUS_FROM_PB.get(status);
}

/** The domain frequency of a contract frequency; undefined when not set. */
export function frequencyFromPb(frequency: pb.Frequency): Frequency | undefined {
  return FREQUENCY_FROM_PB.get(frequency);
}

/** Who revoked, from the contract; undefined when not set. */
export function revokedByFromPb(by: pb.RevokedBy): RevokedBy | undefined {
  return REVOKED_BY_FROM_PB.get(by);
}

/** A stored customer as the contract's Customer. */
export function toCustomerMessage(row: CustomerRow): pb.Customer {
  return create(pb.CustomerSchema, {
    id: row.id,
    merchantId: row.merchantId,
    scaCompleted: row.scaCompleted,
    createdAt: timestampFromDate(row.createdAt),
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
  });
}
