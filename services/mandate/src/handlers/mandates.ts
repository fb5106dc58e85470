import { timestampDate } from '@bufbuild/protobuf/wkt';
import type { ServiceImpl } from '@connectrpc/connect';
import type { mandate as pb } from '@vrp/contracts';
import { validationError } from '@vrp/errors';
import { metadataFilter } from '@vrp/pagination';
import type { MandateFilters } from '../db/list-mandates.js';
import type { MandateStatus, MoveCause, RevocationReason, SuspensionReason } from '../domain/mandate-lifecycle.js';
import { toMandateMessage } from '../db/mandate-messages.js';
import { controlsFromPb, frequencyFromPb, revokedByFromPb, statusFromPb } from '../messages.js';
import { vrpTypeFromPb } from '../messages.js';
import { createMandate } from '../usecases/create-mandate.js';
import type { Deps } from '../deps.js';
import type { CustomerRpcs } from './customers.js';
import type { MandateRequestRpcs } from './mandate-requests.js';
import { getMandate } from '../usecases/get-mandate.js';
import { listMandates } from '../usecases/list-mandates.js';
import { moveMandate } from '../usecases/move-mandate.js';

type Impl = ServiceImpl<typeof pb.MandateService>;
type MandateRpcs = Omit<Impl, keyof CustomerRpcs | keyof MandateRequestRpcs>;

function filtersOf(req: pb.ListMandatesRequest): MandateFilters {
  const statuses = req.statuses.map((s): MandateStatus => {
    const status = statusFromPb(s);
    if (!status) throw validationError('status', 'must be one of pending_sca, active, revoked, suspended');
    return status;
  });
  const filters: MandateFilters = { statuses };
  if (req.customerId) filters.customerId = req.customerId;
  const metadata = metadataFilter(req.metadata);
  if (metadata) filters.metadata = metadata;
  const { createdAt, amount } = req;
  if (createdAt?.gte || createdAt?.lte) {
    filters.createdAt = {
      ...(createdAt.gte ? { gte: timestampDate(createdAt.gte) } : {}),
      ...(createdAt.lte ? { lte: timestampDate(createdAt.lte) } : {}),
    };
  }
  if (amount?.gte !== undefined || amount?.lte !== undefined) {
    filters.maximumAmountMinor = {
      ...(amount.gte !== undefined ? { gte: amount.gte } : {}),
      ...(amount.lte !== undefined ? { lte: amount.lte } : {}),
    };
  }
  return filters;
}

/** The mandate rpcs: proto in, use case, proto out. */
export function mandateHandlers(deps: Deps): MandateRpcs {
  const moved = async (req: { merchantId: string; id: string }, move: Parameters<typeof moveMandate>[3], cause: MoveCause = {}) => ({
    mandate: toMandateMessage(await moveMandate(deps, req.merchantId, req.id, move, cause)),
  });
  return {
    async createMandate(req) {
      const row = await createMandate(deps, {
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
        idempotency: req.idempotency?.key ? { key: req.idempotency.key, fingerprint: req.idempotency.fingerprint } : undefined,
        creditorAccount: req.creditorAccount
          ? { scheme: req.creditorAccount.scheme, identification: req.creditorAccount.identification, name: req.creditorAccount.name }
          : undefined,
      });
      return { mandate: toMandateMessage(row) };
    },
    async getMandate(req) {
      const row = await getMandate(deps, req.merchantId, req.id);
      return { mandate: toMandateMessage(row), version: row.version, replicable: !!deps.replica };
    },
    async listMandates(req) {
      const page = await listMandates(deps, req.merchantId, filtersOf(req), req.page);
      return { mandates: page.items.map(toMandateMessage), pageInfo: { hasMore: page.hasMore } };
    },
    cancelMandate: (req) => moved(req, 'cancel'),
    activateMandate: (req) => moved(req, 'activate'),
    revokeMandate: (req) =>
      moved(req, 'revoke', {
        by: revokedByFromPb(req.by),
        ...(req.reason ? { revocationReason: req.reason as RevocationReason } : {}),
      }),
    suspendMandate: (req) => moved(req, 'suspend', req.reason ? { suspensionReason: req.reason as SuspensionReason } : {}),
    reinstateMandate: (req) => moved(req, 'reinstate'),
  };
}
