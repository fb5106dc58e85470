import { describe, expect, it } from 'vitest';
import { AMOUNT_RANGE, ORDER_BY_TIME_OR_AMOUNT, PAGE_SIZE } from './list-filters.js';
import { apiQuery, filterParams, optionLabel, type FilterField } from './list-query.js';

const PAYMENT_FILTERS: FilterField[] = [
  { name: 'status', label: 'Status', kind: 'select', options: ['submitted', 'failed'] },
  { name: 'mandate_id', label: 'Mandate id', kind: 'text' },
  { name: 'created_from', label: 'Created from', kind: 'date', bound: { param: 'created_at[gte]', end: 'start' } },
  { name: 'created_to', label: 'Created to', kind: 'date', bound: { param: 'created_at[lte]', end: 'end' } },
  { name: 'settled_from', label: 'Settled from', kind: 'date', bound: { param: 'settlement_date[gte]', end: 'start', date: true } },
  { name: 'settled_to', label: 'Settled to', kind: 'date', bound: { param: 'settlement_date[lte]', end: 'end', date: true } },
  ...AMOUNT_RANGE,
  ORDER_BY_TIME_OR_AMOUNT,
  PAGE_SIZE,
];

describe('list filters', () => {
  it('turns the URL into the API query: ranges as bounds, settlement days as dates', () => {
    const params = new URLSearchParams(
      'status=failed&mandate_id=MD01&created_from=2026-03-01&created_to=2026-03-31&settled_from=2026-03-02&settled_to=2026-03-09',
    );
    expect(apiQuery(params, PAYMENT_FILTERS)).toEqual({
      status: 'failed',
      mandate_id: 'MD01',
      'created_at[gte]': '2026-03-01T00:00:00.000Z',
      'created_at[lte]': '2026-03-31T23:59:59.999Z',
      'settlement_date[gte]': '2026-03-02',
      'settlement_date[lte]': '2026-03-09',
    });
  });

  it('keeps the cursor and drops empty, malformed and undeclared parameters', () => {
    const params = new URLSearchParams('cursor=abc&status=&mandate_id=%20%20&created_from=yesterday&settled_to=03/09/2026&page=2&foo=bar');
    expect(apiQuery(params, PAYMENT_FILTERS)).toEqual({ cursor: 'abc' });
  });

  it('trims text filters', () => {
    expect(apiQuery(new URLSearchParams('mandate_id=%20MD01%20'), PAYMENT_FILTERS)).toEqual({ mandate_id: 'MD01' });
  });

  it('puts a submitted form into the URL without a cursor', () => {
    const form: Record<string, string> = { status: 'submitted', mandate_id: ' MD02 ', created_from: '2026-03-01', cursor: 'stale' };
    expect(filterParams(PAYMENT_FILTERS, (name) => form[name] ?? null)).toEqual({
      status: 'submitted',
      mandate_id: 'MD02',
      created_from: '2026-03-01',
    });
  });

  it('passes amounts in minor units and orders the API knows, and nothing else', () => {
    const params = new URLSearchParams('amount%5Bgte%5D=1050&amount%5Blte%5D=20000&order=-amount_minor&page_size=10');
    expect(apiQuery(params, PAYMENT_FILTERS)).toEqual({
      'amount[gte]': '1050',
      'amount[lte]': '20000',
      order: '-amount_minor',
      page_size: '10',
    });
    const wrong = new URLSearchParams('amount%5Bgte%5D=10.50&amount%5Blte%5D=-5&order=amount&status=paid&page_size=500');
    expect(apiQuery(wrong, PAYMENT_FILTERS)).toEqual({});
  });

  it('names each order as a merchant reads it', () => {
    expect(ORDER_BY_TIME_OR_AMOUNT.blank).toBe('Newest first');
    expect(ORDER_BY_TIME_OR_AMOUNT.options!.map(optionLabel)).toEqual(['Oldest first', 'Largest amount first', 'Smallest amount first']);
  });
});
