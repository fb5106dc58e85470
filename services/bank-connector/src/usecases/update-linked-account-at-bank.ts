import { LINKED_ACCOUNT_REASONS, type LinkedAccountReason } from '@vrp/open-banking';
import { notFound, validationError } from '@vrp/errors';
import { findConsent } from '../db/consents.js';
import type { Deps } from '../deps.js';
import { sandboxBackOffice } from './sandbox-back-office.js';

/**
 * Sandbox: the bank changes the account linked to the mandate's consent (closed, switched to
 * another bank, blocked). The model bank tells the platform with a linked-account-update event
 * notification, which suspends the mandate once (receiveEventNotification), as with any bank.
 * Answers whether the bank made the change (false for a consent that links no account).
 */
export async function updateLinkedAccountAtBank(
  deps: Deps,
  input: { merchantId: string; mandateId: string; reason: string },
): Promise<boolean> {
  if (!(LINKED_ACCOUNT_REASONS as readonly string[]).includes(input.reason)) {
    throw validationError('reason', `must be one of ${LINKED_ACCOUNT_REASONS.join(', ')}`);
  }
  const backOffice = sandboxBackOffice(deps);
  const consent = await findConsent(deps.sql, input.merchantId, input.mandateId);
  if (!consent) throw notFound('consent of mandate', input.mandateId);
  if (consent.bankStatus !== 'AUTH' || consent.deletedAtBank) return false;
  return backOffice.updateLinkedAccount(consent.bankConsentId, input.reason as LinkedAccountReason);
}
