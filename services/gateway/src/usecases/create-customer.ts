import type { mandate } from '@vrp/contracts';
import type { ServiceClient } from '@vrp/grpc';

/** Registers a customer of `merchantId` with the mandate service, with its SCA state. */
export async function createCustomer(
  mandates: ServiceClient<typeof mandate.MandateService>,
  merchantId: string,
  scaCompleted: boolean,
): Promise<mandate.Customer> {
  const { customer } = await mandates.createCustomer({ merchantId, scaCompleted });
  if (!customer) throw new Error('CreateCustomer answered without a customer');
  return customer;
}
