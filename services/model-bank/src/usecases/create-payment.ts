import { ERROR_CODES, STATUS_REASONS, fromObAmount, type ObVrpRequest } from '@vrp/open-banking';
import { accountById, reserve } from '../db/accounts.js';
import { consentById } from '../db/consents.js';
import { insertPayment, paymentById, usedInPeriods } from '../db/payments.js';
import type { Tx } from '../db/tx.js';
import { debitRefusal, reason } from '../domain/account.js';
import { limitsOf } from '../domain/consent-terms.js';
import { forbidden, invalid, notFound, throwProblems } from '../domain/errors.js';
import { newPaymentId } from '../domain/ids.js';
import { paymentResource } from '../domain/links.js';
import type { Payment } from '../domain/payment.js';
import { controlProblems, mismatchProblems, periodsAt } from '../domain/payment-rules.js';
import type { Deps } from '../deps.js';
import { idempotently, type IdempotentRequest } from './idempotently.js';
import { notify } from './notify.js';
import { paymentView, type PaymentView } from './payment-view.js';

/**
 * POST /domestic-vrps, with the authorization-code token of the consent it names. The bank
 * enforces the consent itself: 400 U009 unless the consent is AUTH and the token is its own; U008
 * when the payment departs from the consent; U014 naming the control parameter it breaches
 * (validity, currency, MaximumIndividualAmount, VRPType, authentication and interaction types,
 * each periodic limit on the payee's clock). A payment that passes is taken (ACTC, the amount
 * reserved on the PSU's account) or, when the account cannot pay it, rejected (RJCT with AM04,
 * AC04, AC06 or AM03). Payments under one consent are decided one at a time (the consent's row
 * is locked), so racing payments cannot together exceed a limit; idempotent per x-idempotency-key.
 */
export async function createPayment(
  deps: Deps,
  input: IdempotentRequest & { tokenConsentId: string; request: ObVrpRequest; interactionId: string },
): Promise<PaymentView> {
  const id = newPaymentId();
  let notified = false;
  const view = await idempotently(
    deps.db,
    input,
    'domestic-vrps',
    id,
    async (tx) => {
      const payment = await decide(deps, tx, id, input);
      notified = await notify(deps, tx, {
        clientId: payment.clientId,
        resource: paymentResource(deps.issuer, payment.id),
        toe: payment.creationDateTime,
        txn: input.interactionId,
      });
      return paymentView(tx, payment);
    },
    async (tx, existing) => {
      const payment = await paymentById(tx, existing);
      if (!payment) throw notFound(`Payment ${existing}`);
      return paymentView(tx, payment);
    },
  );
  if (notified) deps.afterCommit();
  return view;
}

async function decide(
  deps: Deps,
  tx: Tx,
  id: string,
  input: { clientId: string; tokenConsentId: string; request: ObVrpRequest },
): Promise<Payment> {
  const { request } = input;
  const consentId = request.Data.ConsentId;
  if (consentId !== input.tokenConsentId) {
    throw invalid(ERROR_CODES.invalidConsentStatus, 'the access token was not issued for this consent', 'Data.ConsentId');
  }
  const consent = await consentById(tx, consentId, true);
  if (!consent) throw notFound(`Consent ${consentId}`, 'Data.ConsentId');
  if (consent.clientId !== input.clientId) throw forbidden(`Consent ${consentId} belongs to another client`);
  if (consent.status !== 'AUTH')
    throw invalid(ERROR_CODES.invalidConsentStatus, `the consent is ${consent.status}, not AUTH`, 'Data.ConsentId');
  throwProblems(mismatchProblems(consent, request));
  const instructed = request.Data.Instruction.InstructedAmount;
  const amountMinor = fromObAmount(instructed);
  if (amountMinor === null) {
    throw invalid(
      ERROR_CODES.invalidField,
      `must be a positive amount in ${instructed.Currency}`,
      'Data.Instruction.InstructedAmount.Amount',
    );
  }
  if (request.Data.Instruction.SupplementaryData && Object.keys(request.Data.Instruction.SupplementaryData).length) {
    throw invalid(ERROR_CODES.unexpectedField, 'the bank processes no SupplementaryData', 'Data.Instruction.SupplementaryData');
  }
  const now = deps.clocks.now(consent.clockKey);
  const periods = periodsAt(consent, limitsOf(consent.controlParameters), now);
  const used = await usedInPeriods(
    tx,
    consent.id,
    periods.map((p) => ({ from: p.period.from, to: p.period.to })),
  );
  throwProblems(controlProblems(consent, request, amountMinor, now, periods, used));
  // The reservation decides (a conditional update); the snapshot only says why an account cannot pay.
  const account = (await accountById(tx, consent.accountId!))!;
  let refusal = debitRefusal(account, instructed.Currency, amountMinor);
  if (!refusal && !(await reserve(tx, account.id, amountMinor, instructed.Currency))) {
    refusal = reason(STATUS_REASONS.insufficientFunds, 'The account cannot cover the amount');
  }
  const payment: Payment = {
    id,
    consentId: consent.id,
    clientId: consent.clientId,
    status: refusal ? 'RJCT' : 'ACTC',
    statusReasons: refusal ? [refusal] : null,
    amountMinor,
    currency: instructed.Currency,
    data: request.Data,
    risk: request.Risk,
    accountId: account.id,
    clockKey: consent.clockKey,
    creationDateTime: now,
    statusUpdateDateTime: now,
    settleDueAt: !refusal && deps.autoSettleMs !== undefined ? new Date(now.getTime() + deps.autoSettleMs) : null,
  };
  await insertPayment(tx, payment);
  return payment;
}
