import { createHash } from 'node:crypto';

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
