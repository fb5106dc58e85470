import { createHash } from 'node:crypto';
import { validationError } from '@vrp/errors';

/** The merchant's account a consent pays into (OB Initiation.CreditorAccount). */
export interface CreditorAccount {
  scheme: string;
  identification: string;
  name: string;
}

/**
 * The sandbox's model account of a merchant: a sort code and account number of its own (derived
 * from its id, so it never changes), held in the merchant's name.
 */
export function sandboxCreditorAccount(merchant: { id: string; name: string }): CreditorAccount {
  const digits = BigInt(`0x${createHash('sha256').update(merchant.id).digest('hex').slice(0, 12)}`) % 100_000_000n;
  return { scheme: 'UK.OBIE.SortCodeAccountNumber', identification: `200000${digits.toString().padStart(8, '0')}`, name: merchant.name };
}

/**
 * The account a merchant's consents pay into: the one set for the merchant, else in sandbox its
 * model account; undefined outside the sandbox when none was set.
 */
export function creditorAccountOf(
  merchant: { id: string; name: string; creditorAccount?: CreditorAccount | null | undefined },
  env: string,
): CreditorAccount | undefined {
  return merchant.creditorAccount ?? (env === 'sandbox' ? sandboxCreditorAccount(merchant) : undefined);
}

/** OB's limits on a CreditorAccount's fields. */
const LIMITS = { scheme: 40, identification: 256, name: 350 } as const;

/**
 * Checks a creditor account given field by field (all three or none): undefined when none was
 * given. Errors: validation_error naming the missing or too long field.
 */
export function checkCreditorAccount(input: Partial<CreditorAccount>): CreditorAccount | undefined {
  const given = (['scheme', 'identification', 'name'] as const).filter((k) => input[k] !== undefined);
  if (given.length === 0) return undefined;
  const account = {
    scheme: input.scheme?.trim() ?? '',
    identification: input.identification?.trim() ?? '',
    name: input.name?.trim() ?? '',
  };
  for (const field of ['scheme', 'identification', 'name'] as const) {
    const param = `creditor_account_${field === 'identification' ? 'id' : field}`;
    if (!account[field]) throw validationError(param, 'the creditor account needs its scheme, id and name together');
    if (account[field].length > LIMITS[field]) throw validationError(param, `must be at most ${LIMITS[field]} characters`);
  }
  return account;
}
