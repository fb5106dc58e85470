import { namedQueries, squeezeSql } from '@vrp/testing';
import { describe, expect, it } from 'vitest';
import { SCHEDULE_COLUMNS } from '../src/db/schedules.js';

const queriesOf = (file: string) => namedQueries(new URL(`../src/db/sql/${file}`, import.meta.url));

// The list page is built at run time, so pgtyped cannot check it: its columns are the typed
// queries' columns, word for word, so its rows have their generated row type.
describe('the columns of a schedule', () => {
  it('are the select list of every schedule query in sql/schedules.sql and sql/cycles.sql', () => {
    const reading = [...queriesOf('schedules.sql'), ...queriesOf('cycles.sql')].filter((q) =>
      q.text.startsWith('SELECT s.id, s.merchant_id'),
    );
    expect(reading.map((q) => q.name)).toEqual(['ReadSchedule', 'ReadScheduleForUpdate', 'SchedulesByIds']);
    for (const query of reading) expect(query.text, query.name).toContain(squeezeSql(SCHEDULE_COLUMNS));
  });
});
