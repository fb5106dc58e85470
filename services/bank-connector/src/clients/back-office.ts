import { ApiError } from '@vrp/errors';

/** An account as the back office names it. */
export interface BackOfficeAccount {
  scheme: string;
  identification: string;
}

/**
 * The model bank's back office (sandbox only): what a customer or the bank itself would do, on the
 * simulators' command. Not part of Open Banking; reached with a bearer token over the bank's TLS.
 */
export interface BackOffice {
  /** Runs the merchant's creditor account's clock `offsetMs` ahead of the wall clock. */
  setClock(account: BackOfficeAccount, offsetMs: number): Promise<void>;
  /** Settles a payment now, or rejects it with an ISO/OB status reason code. */
  decidePayment(
    bankPaymentId: string,
    decision: { settle: true } | { settle: false; reasonCode: string },
  ): Promise<'decided' | 'already_decided'>;
  /** Settles a payout (a refund) now, or rejects it with a status reason code. */
  decidePayout(
    payoutId: string,
    decision: { settle: true } | { settle: false; reasonCode: string },
  ): Promise<'decided' | 'already_decided'>;
  /** Revokes a consent as the customer would in their bank, or as the bank would. */
  revokeConsent(bankConsentId: string, by: 'customer' | 'bank'): Promise<void>;
  /** Moves the account linked to a consent out of its scope (closed, switched, blocked); false when the consent links none (not authorised) or it was switched already. */
  updateLinkedAccount(bankConsentId: string, reason: string): Promise<boolean>;
  /** Sets what the account of the customer (as the merchant identifies them to the bank) holds. */
  setBalance(customerId: string, amount: { Amount: string; Currency: string }): Promise<void>;
}

/** A back office over HTTP at `baseUrl`, with `fetch` trusting the bank's CA. */
export function httpBackOffice(baseUrl: string, token: string, fetch: (url: string, init?: RequestInit) => Promise<Response>): BackOffice {
  const call = async (method: 'POST' | 'PUT', path: string, body: unknown): Promise<'done' | 'conflict'> => {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      });
    } catch (err) {
      throw new ApiError('service_unavailable', `The model bank's back office could not be reached: ${(err as Error).message}`, {
        retryAfter: 1,
        cause: err,
      });
    }
    const text = await response.text().catch(() => '');
    if (response.ok) return 'done';
    if (response.status === 409) return 'conflict';
    if (response.status === 404) throw new ApiError('not_found', `The model bank does not know it: ${text.slice(0, 300)}`);
    if (response.status >= 500)
      throw new ApiError('service_unavailable', `The model bank's back office answered ${response.status}.`, { retryAfter: 1 });
    throw new ApiError('validation_error', `The model bank's back office refused it (${response.status}): ${text.slice(0, 300)}`);
  };
  const decided = (result: 'done' | 'conflict') => (result === 'conflict' ? ('already_decided' as const) : ('decided' as const));
  const decision = (d: { settle: true } | { settle: false; reasonCode: string }) =>
    d.settle ? ['settle', {}] : ['reject', { StatusReasonCode: d.reasonCode }];
  return {
    async setClock(account, offsetMs) {
      await call('PUT', '/clock', {
        CreditorAccount: { SchemeName: account.scheme, Identification: account.identification },
        OffsetMs: offsetMs,
      });
    },
    async decidePayment(id, d) {
      const [action, body] = decision(d);
      return decided(await call('POST', `/domestic-vrps/${encodeURIComponent(id)}/${action}`, body));
    },
    async decidePayout(id, d) {
      const [action, body] = decision(d);
      return decided(await call('POST', `/payouts/${encodeURIComponent(id)}/${action}`, body));
    },
    async revokeConsent(id, by) {
      await call('POST', `/domestic-vrp-consents/${encodeURIComponent(id)}/revoke`, { By: by === 'bank' ? 'Bank' : 'Customer' });
    },
    async updateLinkedAccount(id, reason) {
      return (await call('POST', `/domestic-vrp-consents/${encodeURIComponent(id)}/linked-account`, { Reason: reason })) === 'done';
    },
    async setBalance(customerId, amount) {
      await call('PUT', '/balances', { MerchantCustomerIdentification: customerId, Amount: amount });
    },
  };
}
