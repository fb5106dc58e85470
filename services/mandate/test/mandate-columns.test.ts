import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MANDATE_BY_ID } from '../src/db/mandate-sql.js';
import { MANDATE_COLUMNS } from '../src/db/mandates.js';

const squeeze = (sql: string) => sql.replace(/\s+/g, ' ').trim();
const queries = () =>
  readFileSync(new URL('../src/db/sql/mandates.sql', import.meta.url), 'utf8')
    .split('/* @name ')
    .slice(1);

// The list page is built at run time, so pgtyped cannot check it: its columns are the typed
// queries' columns, word for word, so its rows have the generated row type.
describe('the columns of a mandate', () => {
  it('are the select list of every mandate query in sql/mandates.sql', () => {
    const reading = queries().filter((q) => q.includes('m.customer_id AS'));
    expect(reading.map((q) => q.slice(0, q.indexOf(' ')))).toEqual([
      'ReadMandate',
      'SetMandateAuthorisation',
      'ApplyMandateChange',
      'ChangePendingCreatedBefore',
    ]);
    for (const query of reading) expect(squeeze(query)).toContain(squeeze(MANDATE_COLUMNS));
  });

  it('MANDATE_BY_ID, whose plan the lookup test checks, is the statement ReadMandate runs', () => {
    const read = queries().find((q) => q.startsWith('ReadMandate '))!;
    const statement = squeeze(read.slice(read.indexOf('*/') + 2)).replace(/;$/, '');
    expect(statement.replace(':id!', '$1').replace(':merchantId!', '$2')).toBe(squeeze(MANDATE_BY_ID));
  });
});
