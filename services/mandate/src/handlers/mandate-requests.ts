import type { ServiceImpl } from '@connectrpc/connect';
import { mandate as pb } from '@vrp/contracts';
import { notFound, validationError } from '@vrp/errors';
import { merchantOfMandateRequest } from '../db/mandate-requests.js';
import type { MandateRequestStatus } from '../domain/mandate-request-lifecycle.js';
import { toMandateMessage, toMandateRequestMessage } from '../db/mandate-messages.js';
import { controlsFromPb, frequencyFromPb, requestStatusFromPb } from '../messages.js';
import { vrpTypeFromPb } from '../messages.js';
import { getMandateRequest, listMandateRequests } from '../usecases/get-mandate-request.js';
import { recordMandateRequestOutcome, type MandateRequestOutcome } from '../usecases/record-mandate-request-outcome.js';
import { requestMandate } from '../usecases/request-mandate.js';
import { withdrawMandateRequest } from '../usecases/withdraw-mandate-request.js';
import type { Deps } from '../deps.js';

type Impl = ServiceImpl<typeof pb.MandateService>;
export type MandateRequestRpcs = Pick<
  Impl,
  'requestMandate' | 'describeMandateRequest' | 'listMandateRequests' | 'withdrawMandateRequest' | 'recordMandateRequestOutcome'
>;

const OUTCOMES = new Map<pb.MandateRequestOutcome, MandateRequestOutcome>([
  [pb.MandateRequestOutcome.AUTHORISED, 'authorised'],
  [pb.MandateRequestOutcome.DECLINED, 'declined'],
  [pb.MandateRequestOutcome.EXPIRED, 'expired'],
]);

/** The mandate request rpcs: proto in, use case, proto out. */
export function mandateRequestHandlers(deps: Deps): MandateRequestRpcs {
  return {
    async requestMandate(req) {
      const row = await requestMandate(deps, {
        merchantId: req.merchantId,
        customerId: req.customerId,
        maximumAmountMinor: req.maximumAmountMinor,
        currency: req.currency,
        frequency: frequencyFromPb(req.frequency),
        description: req.description,
        metadata: req.metadata,
        merchantPayoutCurrency: req.merchantPayoutCurrency,
        vrpType: vrpTypeFromPb(req.vrpType),
        controls: controlsFromPb(req.controls),
        redirectUri: req.redirectUri,
        expiresInSeconds: req.expiresInSeconds,
        creditorAccount: req.creditorAccount,
        idempotency: req.idempotency?.key ? { key: req.idempotency.key, fingerprint: req.idempotency.fingerprint } : undefined,
      });
      return { mandateRequest: toMandateRequestMessage(row) };
    },
    async describeMandateRequest(req) {
      return { mandateRequest: toMandateRequestMessage(await getMandateRequest(deps, req.merchantId, req.id)) };
    },
    async listMandateRequests(req) {
      const statuses = req.statuses.map((s): MandateRequestStatus => {
        const status = requestStatusFromPb(s);
        if (!status) throw validationError('status', 'must be one of awaiting_authorisation, authorised, declined, expired, cancelled');
        return status;
      });
      const page = await listMandateRequests(
        deps,
        req.merchantId,
        { statuses, ...(req.customerId ? { customerId: req.customerId } : {}) },
        req.page,
      );
      return { mandateRequests: page.items.map(toMandateRequestMessage), pageInfo: { hasMore: page.hasMore } };
    },
    async withdrawMandateRequest(req) {
      return { mandateRequest: toMandateRequestMessage(await withdrawMandateRequest(deps, req.merchantId, req.id)) };
    },
    async recordMandateRequestOutcome(req) {
      const outcome = OUTCOMES.get(req.outcome);
      if (!outcome) throw validationError('outcome', 'must be authorised, declined or expired');
      // The bank's redirect names the request, not its merchant: then it is the request's own.
      const merchantId = req.merchantId || (await merchantOfMandateRequest(deps.sql, req.id));
      if (!merchantId) throw notFound('mandate request', req.id);
      const { request, mandate } = await recordMandateRequestOutcome(deps, merchantId, req.id, outcome);
      return { mandateRequest: toMandateRequestMessage(request), ...(mandate ? { mandate: toMandateMessage(mandate) } : {}) };
    },
  };
}
