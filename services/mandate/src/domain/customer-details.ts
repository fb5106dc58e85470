import { createCustomerBody, parseRequest, updateCustomerBody, type Metadata } from '@vrp/public-api';

/**
 * A customer's personal data as stored: what the merchant gave, null when not given. The rules
 * are the public API's own request schemas (@vrp/public-api), so a detail the gateway lets
 * through is never refused here, and one that reaches the service another way (the operator CLI)
 * is checked alike.
 */
export interface CustomerDetails {
  email: string | null;
  name: string | null;
  reference: string | null;
  metadata: Metadata;
}

/** What an update changes: a field left undefined stays, null clears it (metadata clears to {}). */
export interface CustomerChanges {
  email?: string | null;
  name?: string | null;
  reference?: string | null;
  metadata?: Metadata;
}

/** A new customer's details, each optional. */
export interface CustomerDetailsInput {
  email?: string | undefined;
  name?: string | undefined;
  reference?: string | undefined;
  metadata?: Readonly<Record<string, unknown>> | undefined;
}

const defined = <T extends object>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

/** Checks a new customer's details: validation_error naming the first problem, every one in details. */
export function checkCustomerDetails(input: CustomerDetailsInput): CustomerDetails {
  const { email, name, reference, metadata } = input;
  const body = parseRequest(createCustomerBody, defined({ email, name, reference, metadata }));
  return {
    email: body.email ?? null,
    name: body.name ?? null,
    reference: body.reference ?? null,
    metadata: (body.metadata ?? {}) as Metadata,
  };
}

/** Checks an update's changes (the same rules as a create, and null to clear). */
export function checkCustomerChanges(input: CustomerChanges): CustomerChanges {
  const { email, name, reference, metadata } = input;
  const body = parseRequest(updateCustomerBody, defined({ email, name, reference, metadata }));
  return defined({
    email: body.email,
    name: body.name,
    reference: body.reference,
    metadata: body.metadata === undefined ? undefined : ((body.metadata ?? {}) as Metadata),
  });
}
