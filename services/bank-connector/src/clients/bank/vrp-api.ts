import {
  ERROR_CODES,
  obFundsConfirmationResponse,
  obVrpConsentResponse,
  obVrpResponse,
  payoutResponse,
  toObAmount,
  type PayoutRequest,
  type PayoutResponse,
  type ObFundsConfirmationResponse,
  type ObVrpConsentRequest,
  type ObVrpConsentResponse,
  type ObVrpRequest,
  type ObVrpResponse,
} from '@vrp/open-banking';
import { BankRefusal } from './bank-errors.js';
import type { BankAnswer, SignedCalls } from './signed-calls.js';

/**
 * The OB VRP resources the platform uses (under BANK_API_URL, the base including
 * /open-banking/v4.0/pisp), plus the model bank's payout extension for refunds: each call signed,
 * its answer verified and validated (see SignedCalls). Consent resources and reads of payments use
 * the client-credentials token; payments and funds confirmations the consent's own token.
 */
export class VrpApi {
  constructor(
    private readonly calls: SignedCalls,
    private readonly urls: { api: string; payouts: string },
  ) {}

  /** POST /domestic-vrp-consents. */
  createConsent(body: ObVrpConsentRequest, idempotencyKey: string): Promise<BankAnswer<ObVrpConsentResponse>> {
    return this.calls.call({
      endpoint: 'POST /domestic-vrp-consents',
      method: 'POST',
      url: `${this.urls.api}/domestic-vrp-consents`,
      body,
      idempotencyKey,
      schema: obVrpConsentResponse,
    });
  }

  /** GET /domestic-vrp-consents/{ConsentId}. */
  getConsent(consentId: string): Promise<BankAnswer<ObVrpConsentResponse>> {
    return this.calls.call({
      endpoint: 'GET /domestic-vrp-consents/{ConsentId}',
      method: 'GET',
      url: `${this.urls.api}/domestic-vrp-consents/${encodeURIComponent(consentId)}`,
      schema: obVrpConsentResponse,
    });
  }

  /**
   * DELETE /domestic-vrp-consents/{ConsentId}. A consent the bank no longer has (deleted before,
   * or unknown: U007 or 404) counts as deleted.
   */
  async deleteConsent(consentId: string): Promise<'deleted' | 'gone'> {
    try {
      await this.calls.call({
        endpoint: 'DELETE /domestic-vrp-consents/{ConsentId}',
        method: 'DELETE',
        url: `${this.urls.api}/domestic-vrp-consents/${encodeURIComponent(consentId)}`,
      });
      return 'deleted';
    } catch (err) {
      if (err instanceof BankRefusal && (err.status === 404 || err.has(ERROR_CODES.resourceNotFound))) return 'gone';
      throw err;
    }
  }

  /** POST /domestic-vrp-consents/{ConsentId}/funds-confirmation, with the consent's token. */
  confirmFunds(
    consentId: string,
    token: string,
    amount: { minor: bigint; currency: string },
    idempotencyKey: string,
  ): Promise<BankAnswer<ObFundsConfirmationResponse>> {
    return this.calls.call({
      endpoint: 'POST /domestic-vrp-consents/{ConsentId}/funds-confirmation',
      method: 'POST',
      url: `${this.urls.api}/domestic-vrp-consents/${encodeURIComponent(consentId)}/funds-confirmation`,
      token,
      body: { Data: { ConsentId: consentId, InstructedAmount: toObAmount(amount.minor, amount.currency) } },
      idempotencyKey,
      schema: obFundsConfirmationResponse,
    });
  }

  /** POST /domestic-vrps, with the consent's token. */
  createPayment(body: ObVrpRequest, token: string, idempotencyKey: string): Promise<BankAnswer<ObVrpResponse>> {
    return this.calls.call({
      endpoint: 'POST /domestic-vrps',
      method: 'POST',
      url: `${this.urls.api}/domestic-vrps`,
      token,
      body,
      idempotencyKey,
      schema: obVrpResponse,
    });
  }

  /** GET /domestic-vrps/{DomesticVRPId}. */
  getPayment(paymentId: string): Promise<BankAnswer<ObVrpResponse>> {
    return this.calls.call({
      endpoint: 'GET /domestic-vrps/{DomesticVRPId}',
      method: 'GET',
      url: `${this.urls.api}/domestic-vrps/${encodeURIComponent(paymentId)}`,
      schema: obVrpResponse,
    });
  }

  /** POST of the payout extension (a refund paid to the customer's account). */
  createPayout(body: PayoutRequest, idempotencyKey: string): Promise<BankAnswer<PayoutResponse>> {
    return this.calls.call({
      endpoint: 'POST /payouts',
      method: 'POST',
      url: this.urls.payouts,
      body,
      idempotencyKey,
      schema: payoutResponse,
    });
  }

  /** GET of one payout of the extension. */
  getPayout(payoutId: string): Promise<BankAnswer<PayoutResponse>> {
    return this.calls.call({
      endpoint: 'GET /payouts/{PayoutId}',
      method: 'GET',
      url: `${this.urls.payouts}/${encodeURIComponent(payoutId)}`,
      schema: payoutResponse,
    });
  }
}
