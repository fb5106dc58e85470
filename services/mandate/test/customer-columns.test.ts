import { namedQueries, squeezeSql } from '@vrp/testing';
import { describe, expect, it } from 'vitest';
import { CUSTOMER_COLUMNS } from '../src/db/customers.js';

// The customer update and the list page are built at run time, so pgtyped cannot check them: their
// columns are the typed queries' columns, word for word, so their rows have the generated row type.
describe('the columns of a customer', () => {
  it('are the select list of every customer query in sql/customers.sql', () => {
    const queries = namedQueries(new URL('../src/db/sql/customers.sql', import.meta.url));
    expect(queries.map((q) => q.name)).toEqual(['InsertCustomer', 'ReadCustomer', 'EraseCustomer', 'SetScaCompleted']);
    for (const query of queries) expect(query.text, query.name).toContain(squeezeSql(CUSTOMER_COLUMNS));
  });
});
