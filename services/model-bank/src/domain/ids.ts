import { randomUUID } from 'node:crypto';

const id = (prefix: string) => `${prefix}${randomUUID().replaceAll('-', '')}`;

/** A new ConsentId (≤ 128 characters). */
export const newConsentId = () => id('vrc-');
/** A new DomesticVRPId (≤ 40 characters). */
export const newPaymentId = () => id('vrp-');
/** A new PayoutId (≤ 40 characters). */
export const newPayoutId = () => id('po-');
/** A new FundsConfirmationId (≤ 40 characters). */
export const newFundsConfirmationId = () => id('fc-');
/** A new account's id. */
export const newAccountId = () => id('acc-');
