import { namedQueries, squeezeSql } from '@vrp/testing';
import { describe, expect, it } from 'vitest';
import { MANDATE_BY_ID } from '../src/db/mandate-sql.js';
import { MANDATE_COLUMNS } from '../src/db/mandates.js';

const queries = () => namedQueries(new URL('../src/db/sql/mandates.sql', import.meta.url));

// The list page is built at run time, so pgtyped cannot check it: its columns are the typed
// queries' columns, word for word, so its rows have the generated row type.
describe('the columns of a mandate', () => {
  it('are the select list of every mandate query in sql/mandates.sql', () => {
    const reading = queries().filter((q) => q.text.includes('m.customer_id AS'));
    expect(reading.map((q) => q.name)).toEqual([
      'ReadMandate',
      'SetMandateAuthorisation',
      'ApplyMandateChange',
      'ChangePendingCreatedBefore',
    ]);
    for (const query of reading) expect(query.text, query.name).toContain(squeezeSql(MANDATE_COLUMNS));
  });

  it('MANDATE_BY_ID, whose plan the lookup test checks, is the statement ReadMandate runs', () => {
    const read = queries().find((q) => q.name === 'ReadMandate')!;
    expect(read.text.replace(/;$/, '').replace(':id!', '$1').replace(':merchantId!', '$2')).toBe(squeezeSql(MANDATE_BY_ID));
  });
});
