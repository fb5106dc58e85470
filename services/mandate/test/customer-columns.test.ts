import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CUSTOMER_COLUMNS } from '../src/db/customers.js';

const squeeze = (sql: string) => sql.replace(/\s+/g, ' ').trim();

// The customer update and the list page are built at run time, so pgtyped cannot check them: their
// columns are the typed queries' columns, word for word, so their rows have the generated row type.
describe('the columns of a customer', () => {
  it('are the select list of every customer query in sql/customers.sql', () => {
    const sql = readFileSync(new URL('../src/db/sql/customers.sql', import.meta.url), 'utf8');
    const queries = sql.split('/* @name ').slice(1);
    expect(queries.map((q) => q.slice(0, q.indexOf(' ')))).toEqual(['InsertCustomer', 'ReadCustomer', 'EraseCustomer', 'SetScaCompleted']);
    for (const query of queries) expect(squeeze(query)).toContain(squeeze(CUSTOMER_COLUMNS));
  });
});
