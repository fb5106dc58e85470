import { Operations } from './gen/api.js';
import { Transport, type TransportOptions } from './transport.js';

/** One page of a list, as every list endpoint answers. */
export interface Page<T> {
  results: T[];
  next_cursor: string | null;
  previous_cursor: string | null;
  page_size: number;
}

/**
 * The VRP API client: one typed method per operation (generated from the OpenAPI document), with
 * idempotency keys on every POST, retries that honour Retry-After, typed errors and auto-pagination.
 *
 *   const vrp = new VrpClient({ baseUrl: 'https://sandbox.vrp.example.com', token: process.env.VRP_TOKEN! });
 *   const mandate = await vrp.createMandate({ customer_id, maximum_amount: '50.00', currency: 'GBP', frequency: 'monthly' });
 *   for await (const payment of vrp.paginate(vrp.listPayments, { status: 'failed' })) { ... }
 */
export class VrpClient extends Operations {
  constructor(options: TransportOptions) {
    super(new Transport(options));
  }

  /**
   * Every item of a list, page after page (following next_cursor), fetched as you iterate:
   * `for await (const m of vrp.paginate(vrp.listMandates, { status: 'active' }))`.
   */
  async *paginate<T, Q extends { cursor?: string }>(list: (this: VrpClient, query?: Q) => Promise<Page<T>>, query?: Q): AsyncGenerator<T> {
    let cursor: string | null | undefined = query?.cursor;
    do {
      const page: Page<T> = await list.call(this, { ...query, ...(cursor ? { cursor } : {}) } as Q);
      yield* page.results;
      cursor = page.next_cursor;
    } while (cursor);
  }
}
