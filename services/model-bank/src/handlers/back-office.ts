import { timingSafeEqual } from 'node:crypto';
import express, { Router, type ErrorRequestHandler, type RequestHandler } from 'express';
import { z } from 'zod';
import { ERROR_CODES, LINKED_ACCOUNT_REASONS, obAmount, toObAmount } from '@vrp/open-banking';
import type { Logger } from '@vrp/logging';
import { cashAccount } from '../domain/account.js';
import { BankError } from '../domain/errors.js';
import type { Deps } from '../deps.js';
import { consentResponse, obTime, paymentResponse, payoutResponse } from '../messages.js';
import { decidePayment, type Decision } from '../usecases/decide-payment.js';
import { decidePayout } from '../usecases/decide-payout.js';
import { revokeConsent } from '../usecases/revoke-consent.js';
import { setBalance } from '../usecases/set-balance.js';
import { setClock } from '../usecases/set-clock.js';
import { updateLinkedAccount } from '../usecases/update-linked-account.js';
import { getBalance } from '../usecases/get-balance.js';
import { obPath } from './ob-validation.js';

const ACTIONS = new Set(['settle', 'reject']);
const rejection = z.object({
  StatusReasonCode: z.string().min(1).max(4),
  StatusReasonDescription: z.string().min(1).max(500).optional(),
});
const revocation = z.object({
  By: z.enum(['Customer', 'Bank']),
  StatusReasonDescription: z.string().min(1).max(500).optional(),
});
const linkedAccount = z.object({ Reason: z.enum(LINKED_ACCOUNT_REASONS) });
const balance = z.object({
  ClientId: z.string().min(1).optional(),
  MerchantCustomerIdentification: z.string().min(1).max(70),
  Amount: obAmount,
});
const clock = z.object({
  CreditorAccount: z.object({ SchemeName: z.string().min(1), Identification: z.string().min(1) }),
  OffsetMs: z.number().int(),
});

function body<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) {
    throw new BankError(
      'invalid',
      parsed.error.issues.map((i) => ({ code: ERROR_CODES.invalidField, message: i.message, path: obPath(i.path) || undefined })),
    );
  }
  return parsed.data;
}

/** Only the holder of MODEL_BANK_BACK_OFFICE_TOKEN; nobody at all when it is not set. */
function backOfficeAuth(token: string | undefined): RequestHandler {
  const expected = token ? Buffer.from(`Bearer ${token}`) : undefined;
  return (req, res, next) => {
    if (!expected) {
      res.status(403).json({
        Errors: [{ ErrorCode: 'BackOfficeDisabled', Message: 'the back office is off: MODEL_BANK_BACK_OFFICE_TOKEN is not set' }],
      });
      return;
    }
    const sent = Buffer.from(req.header('authorization') ?? '');
    if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      res.status(401).json({ Errors: [{ ErrorCode: 'Unauthorized', Message: 'the back office token is missing or wrong' }] });
      return;
    }
    next();
  };
}

function errors(logger: Logger): ErrorRequestHandler {
  return (err: unknown, _req, res, next) => {
    if (res.headersSent) return next(err);
    if (err instanceof BankError) {
      const status = { invalid: 400, not_found: 404, forbidden: 403, conflict: 409 }[err.refusal];
      res
        .status(status)
        .json({ Errors: err.problems.map((p) => ({ ErrorCode: p.code, Message: p.message, ...(p.path ? { Path: p.path } : {}) })) });
      return;
    }
    if ((err as { type?: string }).type === 'entity.parse.failed') {
      res.status(400).json({ Errors: [{ ErrorCode: ERROR_CODES.invalidFormat, Message: 'the body is not JSON' }] });
      return;
    }
    logger.error('back office request failed', { err });
    res.status(500).json({ Errors: [{ ErrorCode: ERROR_CODES.unexpectedError, Message: 'the bank failed; try again' }] });
  };
}

/**
 * The back office the sandbox drives (JSON, authenticated with the back office token): what the
 * PSU or the bank would do — settle or reject payments and payouts, revoke consents, change a
 * consent's linked account, set balances — and each payee's sandbox clock. Not Open Banking.
 */
export function backOfficeRoutes(deps: Deps, token: string | undefined, logger: Logger): Router {
  const router = Router();
  router.use(backOfficeAuth(token));
  router.use(express.json({ limit: '16kb', type: () => true }));
  const decision = (value: unknown, action: string): Decision =>
    action === 'settle'
      ? { settle: true }
      : { reject: (({ StatusReasonCode: code, StatusReasonDescription: description }) => ({ code, description }))(body(rejection, value)) };

  router.post('/domestic-vrps/:id/:action', async (req, res, next) => {
    if (!ACTIONS.has(req.params.action!)) return next();
    const view = await decidePayment(deps, { paymentId: req.params.id!, decision: decision(req.body, req.params.action!) });
    res.json(paymentResponse(deps.issuer, view));
  });

  router.post('/payouts/:id/:action', async (req, res, next) => {
    if (!ACTIONS.has(req.params.action!)) return next();
    const payout = await decidePayout(deps, { payoutId: req.params.id!, decision: decision(req.body, req.params.action!) });
    res.json(payoutResponse(deps.issuer, payout));
  });

  router.post('/domestic-vrp-consents/:id/revoke', async (req, res) => {
    const { By, StatusReasonDescription } = body(revocation, req.body);
    const view = await revokeConsent(deps, {
      consentId: req.params.id!,
      by: By === 'Customer' ? 'customer' : 'bank',
      description: StatusReasonDescription,
    });
    res.json(consentResponse(deps.issuer, view));
  });

  router.post('/domestic-vrp-consents/:id/linked-account', async (req, res) => {
    const view = await updateLinkedAccount(deps, { consentId: req.params.id!, reason: body(linkedAccount, req.body).Reason });
    res.json(consentResponse(deps.issuer, view));
  });

  const balanceAnswer = (clientId: string, customerRef: string, account: Awaited<ReturnType<typeof setBalance>>) => ({
    Data: {
      ClientId: clientId,
      MerchantCustomerIdentification: customerRef,
      Account: cashAccount(account),
      Status: account.status,
      Balance: toObAmount(account.balanceMinor, account.currency),
      Reserved: toObAmount(account.reservedMinor, account.currency),
    },
  });

  router.put('/balances', async (req, res) => {
    const input = body(balance, req.body);
    const clientId = input.ClientId ?? [...deps.clients.keys()][0]!;
    const account = await setBalance(deps, { clientId, customerRef: input.MerchantCustomerIdentification, amount: input.Amount });
    res.json(balanceAnswer(clientId, input.MerchantCustomerIdentification, account));
  });

  router.get('/balances', async (req, res) => {
    const clientId = typeof req.query.ClientId === 'string' ? req.query.ClientId : [...deps.clients.keys()][0]!;
    const customerRef = typeof req.query.MerchantCustomerIdentification === 'string' ? req.query.MerchantCustomerIdentification : '';
    res.json(balanceAnswer(clientId, customerRef, await getBalance(deps, { clientId, customerRef })));
  });

  router.put('/clock', async (req, res) => {
    const input = body(clock, req.body);
    const held = await setClock(deps, { creditorAccount: input.CreditorAccount, offsetMs: input.OffsetMs });
    res.json({ Data: { CreditorAccount: input.CreditorAccount, OffsetMs: held.offsetMs, Now: obTime(held.now) } });
  });

  router.use(
    (_req, res) =>
      void res.status(404).json({ Errors: [{ ErrorCode: ERROR_CODES.resourceNotFound, Message: 'no such back office route' }] }),
  );
  router.use(errors(logger));
  return router;
}
