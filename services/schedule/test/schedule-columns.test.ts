import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCHEDULE_COLUMNS } from '../src/db/schedules.js';

const squeeze = (sql: string) => sql.replace(/\s+/g, ' ').trim();
const queriesOf = (file: string) =>
  readFileSync(new URL(`../src/db/sql/${file}`, import.meta.url), 'utf8')
    .split('/* @name ')
    .slice(1);

// The list page is built at run time, so pgtyped cannot check it: its columns are the typed
// queries' columns, word for word, so its rows have their generated row type.
describe('the columns of a schedule', () => {
  it('are the select list of every schedule query in sql/schedules.sql and sql/cycles.sql', () => {
    const reading = [...queriesOf('schedules.sql'), ...queriesOf('cycles.sql')].filter((q) => /^SELECT s\.id, s\.merchant_id/m.test(q));
    expect(reading.map((q) => q.slice(0, q.indexOf(' ')))).toEqual(['ReadSchedule', 'ReadScheduleForUpdate', 'SchedulesByIds']);
    for (const query of reading) expect(squeeze(query)).toContain(squeeze(SCHEDULE_COLUMNS));
  });
});
