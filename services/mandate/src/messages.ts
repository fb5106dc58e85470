// Contract values and requests read into the service's own terms, for the handlers. Stored rows
// rendered as contract messages are also what the mandate service's events carry, so they live
// below this layer, beside the events (db/mandate-messages.ts).
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { mandate as pb } from '@vrp/contracts';
import type { MandateStatus, RevokedBy } from './domain/mandate-lifecycle.js';
import type { Frequency } from './domain/mandate-terms.js';
import type { ControlsInput } from './domain/mandate-controls.js';
import type { MandateRequestStatus } from './domain/mandate-request-lifecycle.js';
import {
  ALIGNMENT_TO_PB,
  FREQUENCY_TO_PB,
  PERIOD_TO_PB,
  REQUEST_STATUS_TO_PB,
  REVOKED_BY_TO_PB,
  STATUS_TO_PB,
} from './db/mandate-messages.js';

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

/** The domain's kind of a contract VrpType (unset: undefined, which stores as commercial). */
export function vrpTypeFromPb(vrpType: pb.VrpType): 'commercial' | 'sweeping' | undefined {
  return vrpType === pb.VrpType.SWEEPING ? 'sweeping' : vrpType === pb.VrpType.COMMERCIAL ? 'commercial' : undefined;
}

/** Who revoked, from the contract; undefined when not set. */
export function revokedByFromPb(by: pb.RevokedBy): RevokedBy | undefined {
  return REVOKED_BY_FROM_PB.get(by);
}

const REQUEST_STATUS_FROM_PB = invert(REQUEST_STATUS_TO_PB);

/** The domain status of a contract mandate request status; undefined for UNSPECIFIED or an unknown number. */
export function requestStatusFromPb(status: pb.MandateRequestStatus): MandateRequestStatus | undefined {
  return REQUEST_STATUS_FROM_PB.get(status);
}
