import type { MessageInitShape } from '@bufbuild/protobuf';
import type { mandate } from '@vrp/contracts';
import type { ServiceClient } from '@vrp/grpc';

/** What a customer is created with: its merchant, SCA state and whatever details were given. */
export type CreateCustomerRequest = MessageInitShape<typeof mandate.CreateCustomerRequestSchema>;

/** Registers a customer with the mandate service (the public route, the sandbox's and the operator CLI's). */
export async function createCustomer(
  mandates: ServiceClient<typeof mandate.MandateService>,
  request: CreateCustomerRequest,
): Promise<mandate.Customer> {
  const { customer } = await mandates.createCustomer(request);
  if (!customer) throw new Error('CreateCustomer answered without a customer');
  return customer;
}
