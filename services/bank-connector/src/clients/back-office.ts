import { ApiError } from '@vrp/errors';

/**
 * The model bank's back office (sandbox only): what a customer or the bank itself would do, on the
 * simulators' command. Not part of Open Banking; reached with a bearer token over the bank's TLS.
 */
export interface BackOffice {
  /** Runs the merchant's creditor account's clock `offsetMs` ahead of the wall clock. */
  setClock(account: { scheme: string; identification: string }, offsetMs: number): Promise<void>;
  /** Settles a payment now, or rejects it with an ISO/OB status reason code. */
  decidePayment(
    bankPaymentId: string,
    decision: { settle: true } | { settle: false; reasonCode: string },
  ): Promise<'decided' | 'already_decided'>;
  /** Settles or rejects a payout (a refund) now. */
  decidePayout(payoutId: string, settle: boolean): Promise<'decided' | 'already_decided'>;
  /** Revokes a consent as the customer would in their bank, or as the bank would. */
  revokeConsent(bankConsentId: string, by: 'customer' | 'bank'): Promise<void>;
  /** Sets what the customer's account holds. */
  setBalance(
    customer: { customerId: string; account?: { scheme: string; identification: string } },
    amount: { Amount: string; Currency: string },
  ): Promise<void>;
}

/** A back office over HTTP at `baseUrl`, with `fetch` trusting the bank's CA. */
export function httpBackOffice(baseUrl: string, token: string, fetch: (url: string, init?: RequestInit) => Promise<Response>): BackOffice {
  const post = async (path: string, body: unknown): Promise<number> => {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
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
    if (response.status === 404) throw new ApiError('not_found', `The model bank does not know it: ${text.slice(0, 200)}`);
    if (response.status === 409) return 409;
    if (response.status >= 500)
      throw new ApiError('service_unavailable', `The model bank's back office answered ${response.status}.`, { retryAfter: 1 });
    if (response.status >= 400) throw new ApiError('validation_error', `The model bank's back office refused it: ${text.slice(0, 200)}`);
    return response.status;
  };
  const account = (a: { scheme: string; identification: string }) => ({ SchemeName: a.scheme, Identification: a.identification });
  return {
    async setClock(a, offsetMs) {
      await post('/clock', { account: account(a), offset_ms: offsetMs });
    },
    async decidePayment(id, decision) {
      const status = await post(
        `/domestic-vrps/${encodeURIComponent(id)}/${decision.settle ? 'settle' : 'reject'}`,
        decision.settle ? {} : { reason_code: decision.reasonCode },
      );
      return status === 409 ? 'already_decided' : 'decided';
    },
    async decidePayout(id, settle) {
      const status = await post(`/payouts/${encodeURIComponent(id)}/${settle ? 'settle' : 'reject'}`, {});
      return status === 409 ? 'already_decided' : 'decided';
    },
    async revokeConsent(id, by) {
      await post(`/domestic-vrp-consents/${encodeURIComponent(id)}/revoke`, { by });
    },
    async setBalance(customer, amount) {
      await post('/balances', {
        customer_id: customer.customerId,
        ...(customer.account ? { account: account(customer.account) } : {}),
        amount,
      });
    },
  };
}
