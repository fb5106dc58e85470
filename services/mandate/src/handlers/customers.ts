import { timestampDate } from '@bufbuild/protobuf/wkt';
import type { ServiceImpl } from '@connectrpc/connect';
import type { mandate as pb } from '@vrp/contracts';
import type { Metadata } from '@vrp/public-api';
import type { CustomerFilters } from '../db/list-customers.js';
import type { CustomerChanges } from '../domain/customer-details.js';
import { toCustomerMessage } from '../db/mandate-messages.js';
import { createCustomer } from '../usecases/create-customer.js';
import type { Deps } from '../deps.js';
import { eraseCustomer } from '../usecases/erase-customer.js';
import { getCustomer } from '../usecases/get-customer.js';
import { listCustomers } from '../usecases/list-customers.js';
import { updateCustomer } from '../usecases/update-customer.js';

type Impl = ServiceImpl<typeof pb.MandateService>;
/** The customer rpcs of MandateService. */
export type CustomerRpcs = Pick<Impl, 'createCustomer' | 'getCustomer' | 'updateCustomer' | 'eraseCustomer' | 'listCustomers'>;

/** An update's changes: an unset field stays, an empty string clears it (the contract's convention). */
function changesOf(req: pb.UpdateCustomerRequest): CustomerChanges {
  const text = (value: string | undefined) => (value === undefined ? undefined : value === '' ? null : value);
  return {
    email: text(req.email),
    name: text(req.name),
    reference: text(req.reference),
    ...(req.replaceMetadata ? { metadata: (req.metadata ?? {}) as Metadata } : {}),
  };
}

function filtersOf(req: pb.ListCustomersRequest): CustomerFilters {
  const filters: CustomerFilters = {};
  if (req.email) filters.email = req.email;
  if (req.reference) filters.reference = req.reference;
  const { createdAt } = req;
  if (createdAt?.gte || createdAt?.lte) {
    filters.createdAt = {
      ...(createdAt.gte ? { gte: timestampDate(createdAt.gte) } : {}),
      ...(createdAt.lte ? { lte: timestampDate(createdAt.lte) } : {}),
    };
  }
  return filters;
}

/** The customer rpcs: proto in, use case, proto out. */
export function customerHandlers(deps: Deps): CustomerRpcs {
  return {
    async createCustomer(req) {
      const row = await createCustomer(deps, {
        merchantId: req.merchantId,
        scaCompleted: req.scaCompleted,
        email: req.email,
        name: req.name,
        reference: req.reference,
        metadata: req.metadata,
        idempotency: req.idempotency?.key ? { key: req.idempotency.key, fingerprint: req.idempotency.fingerprint } : undefined,
      });
      return { customer: toCustomerMessage(row) };
    },
    async getCustomer(req) {
      return { customer: toCustomerMessage(await getCustomer(deps, req.merchantId, req.id)) };
    },
    async updateCustomer(req) {
      return { customer: toCustomerMessage(await updateCustomer(deps, req.merchantId, req.id, changesOf(req))) };
    },
    async eraseCustomer(req) {
      return { customer: toCustomerMessage(await eraseCustomer(deps, req.merchantId, req.id)) };
    },
    async listCustomers(req) {
      const page = await listCustomers(deps, req.merchantId, filtersOf(req), req.page);
      return { customers: page.items.map(toCustomerMessage), pageInfo: { hasMore: page.hasMore } };
    },
  };
}
