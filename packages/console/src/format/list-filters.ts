/** The filters every list of API objects shares: creation days, amounts and order. */

import type { FilterField } from './list-query.js';
import { AMOUNT_ORDERS, CREATED_ORDERS } from './vocabulary.js';

export const CREATED_RANGE: readonly FilterField[] = [
  { name: 'created_from', label: 'Created from', kind: 'date', bound: { param: 'created_at[gte]', end: 'start' } },
  { name: 'created_to', label: 'Created to', kind: 'date', bound: { param: 'created_at[lte]', end: 'end' } },
];

/** The API's amount range, in minor units (pence, cents) as it takes them. */
export const AMOUNT_RANGE: readonly FilterField[] = [
  { name: 'amount[gte]', label: 'Amount from (minor units)', kind: 'number' },
  { name: 'amount[lte]', label: 'Amount to (minor units)', kind: 'number' },
];

/** The list's order; none chosen is the API's default, newest first. */
export const ORDER_BY_TIME: FilterField = { name: 'order', label: 'Order', kind: 'select', options: CREATED_ORDERS, blank: 'Newest first' };
export const ORDER_BY_TIME_OR_AMOUNT: FilterField = { ...ORDER_BY_TIME, options: AMOUNT_ORDERS };

/** How many rows a page shows; none chosen is the API's default, 50. */
export const PAGE_SIZE: FilterField = {
  name: 'page_size',
  label: 'Rows per page',
  kind: 'select',
  options: ['10', '25', '100', '200'],
  blank: '50',
};
