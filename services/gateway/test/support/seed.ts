import { mandate } from '@vrp/contracts';
import type { ServiceClient } from '@vrp/grpc';
import { isoTimestamp } from '@vrp/public-api';

/** What the list tests need to know about a seeded mandate to predict its place in every order. */
export interface SeededMandate {
  id: string;
  createdAt: string;
  amountMinor: bigint;
  customerId: string;
  status: 'pending_sca' | 'revoked';
}

/** Runs `fn` over `items` with at most `limit` calls in flight. */
export async function withConcurrency<T, R>(items: T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/**
 * Creates `count` mandates for `merchantId` straight through the mandate service (fast), spread
 * over `customers`, with amounts from a small set so amount orders have many ties.
 */
export async function seedMandates(
  client: ServiceClient<typeof mandate.MandateService>,
  merchantId: string,
  customers: string[],
  count: number,
): Promise<SeededMandate[]> {
  return withConcurrency(
    Array.from({ length: count }, (_, i) => i),
    16,
    async (i) => {
      const customerId = customers[i % customers.length]!;
      const { mandate: m } = await client.createMandate({
        merchantId,
        merchantPayoutCurrency: 'GBP',
        customerId,
        maximumAmountMinor: BigInt(100 + ((i * 37) % 40) * 250),
        currency: 'GBP',
        frequency: mandate.Frequency.MONTHLY,
        description: `seed ${i}`,
      });
      return {
        id: m!.id,
        createdAt: isoTimestamp(m!.createdAt)!,
        amountMinor: m!.maximumAmountMinor,
        customerId,
        status: 'pending_sca' as const,
      };
    },
  );
}

type Order = '-created_at' | 'created_at' | 'amount_minor' | '-amount_minor';

/** The comparator of an API order over seeded mandates (ties broken by id, like the service). */
export function comparator(order: Order): (a: SeededMandate, b: SeededMandate) => number {
  const cmp = (x: string | bigint, y: string | bigint) => (x < y ? -1 : x > y ? 1 : 0);
  const asc = (a: SeededMandate, b: SeededMandate) => cmp(a.createdAt, b.createdAt) || cmp(a.id, b.id);
  switch (order) {
    case 'created_at':
      return asc;
    case '-created_at':
      return (a, b) => -asc(a, b);
    case 'amount_minor':
      return (a, b) => cmp(a.amountMinor, b.amountMinor) || asc(a, b);
    case '-amount_minor':
      return (a, b) => cmp(b.amountMinor, a.amountMinor) || -asc(a, b);
  }
}
