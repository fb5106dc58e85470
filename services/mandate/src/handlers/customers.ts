import type { ServiceImpl } from '@connectrpc/connect';
import type { mandate as pb } from '@vrp/contracts';
import { toCustomerMessage } from '../messages.js';
import { createCustomer } from '../usecases/create-customer.js';
import type { Deps } from '../deps.js';
import { getCustomer } from '../usecases/get-customer.js';

type Impl = ServiceImpl<typeof pb.MandateService>;

/** The customer rpcs: proto in, use case, proto out. */
export function customerHandlers(deps: Deps): Pick<Impl, 'createCustomer' | 'getCustomer'> {
  return {
    async createCustomer(req) {
      return { customer: toCustomerMessage(await createCustomer(deps, req.merchantId, req.scaCompleted)) };
    },
    async getCustomer(req) {
      return { customer: toCustomerMessage(await getCustomer(deps, req.merchantId, req.id)) };
    },
  };
}
