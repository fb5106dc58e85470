import { validationError } from '@vrp/errors';
import { unstorableText } from '@vrp/public-api';

/** Longest free-text reason accepted on a refund. */
export const MAX_REASON_LENGTH = 500;

/** Checks the refund's free-text reason. */
export function assertValidReason(reason: string): void {
  if (reason.length > MAX_REASON_LENGTH) throw validationError('reason', `may be at most ${MAX_REASON_LENGTH} characters`);
  const why = unstorableText(reason);
  if (why) throw validationError('reason', `reason ${why}`);
}
