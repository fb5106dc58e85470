import type { Api } from './api.js';

/** A customer of the API's merchant, through the sandbox route. */
export async function sandboxCustomer(api: Api, scaCompleted = true): Promise<string> {
  const res = await api.post<{ id: string }>('/v1/sandbox/customers', { sca_completed: scaCompleted });
  if (res.status !== 201) throw new Error(`customer create failed: ${res.status} ${res.text}`);
  return res.body.id;
}

/** A valid create-mandate body for `customerId`, with `overrides`. */
export function mandateBody(customerId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    customer_id: customerId,
    maximum_amount: '100.00',
    currency: 'GBP',
    frequency: 'monthly',
    description: 'Gym membership',
    ...overrides,
  };
}

/** The error code and param of an error response, for compact assertions. */
export function errorOf(res: { status: number; body: Record<string, unknown> }): { status: number; code?: string; param?: string } {
  const error = (res.body.error ?? {}) as { code?: string; param?: string };
  return { status: res.status, code: error.code, ...(error.param !== undefined ? { param: error.param } : {}) };
}
