// Stored rows and use-case results as contract messages, for the handlers.
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { connector } from '@vrp/contracts';
import type { ConsentStatus } from '@vrp/open-banking';
import type { Outcome } from './domain/journey.js';

const OUTCOMES: Record<Outcome, connector.Outcome> = {
  success: connector.Outcome.SUCCESS,
  declined: connector.Outcome.DECLINED,
  expired: connector.Outcome.EXPIRED,
  error: connector.Outcome.ERROR,
};

const STATUSES: Record<ConsentStatus, connector.ConsentStatus> = {
  AWAU: connector.ConsentStatus.AWAITING_AUTHORISATION,
  AUTH: connector.ConsentStatus.AUTHORISED,
  RJCT: connector.ConsentStatus.REJECTED,
  CANC: connector.ConsentStatus.CANCELLED,
  EXPD: connector.ConsentStatus.EXPIRED,
};

/** A journey's outcome as the contract says it. */
export const outcomeMessage = (outcome: Outcome): connector.Outcome => OUTCOMES[outcome];

/** A consent's OB status as the contract says it. */
export const consentStatusMessage = (status: ConsentStatus): connector.ConsentStatus => STATUSES[status];

/** A time as the contract carries it. */
export const timestamp = timestampFromDate;
