import { namedQueries, squeezeSql } from '@vrp/testing';
import { describe, expect, it } from 'vitest';
import { RECORD } from '../src/db/payment-sql.js';

// The list page is built at run time, so pgtyped cannot check it: its columns are the typed
// queries' columns, word for word (less pgtyped's not-null marks, which its runtime strips from
// the rows), so its rows have their generated row type.
describe('the columns of a payment record', () => {
  it('are the select list of every payment record query', () => {
    const reading = [
      ...namedQueries(new URL('../src/db/sql/payments.sql', import.meta.url)),
      ...namedQueries(new URL('../src/db/sql/refund-allocations.sql', import.meta.url)),
    ].filter((q) => q.text.includes('AS "timeline!"'));
    expect(reading.map((q) => q.name)).toEqual([
      'ReadPayment',
      'ReadPaymentsForBank',
      'MarkAttemptClearing',
      'HoldAsAsked',
      'ConfirmAllocation',
    ]);
    for (const query of reading) expect(query.text.replaceAll('!"', '"'), query.name).toContain(squeezeSql(RECORD));
  });
});
