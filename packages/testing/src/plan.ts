import type pg from 'pg';

/** One node of a Postgres plan, as EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) gives it. */
export interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  Plans?: PlanNode[];
}

/**
 * The plan of the one statement `run` sends, run under EXPLAIN ANALYZE on `client`. `run` is
 * given a stand-in connection that records the statement and answers no rows, so a service's
 * own query function can be planned as it builds its SQL. The plan is the generic one: the
 * services send prepared statements, which Postgres plans once for any values after a few runs.
 */
export async function planOf(client: pg.Client, run: (db: never) => Promise<unknown>): Promise<PlanNode> {
  const sent: { text: string; values: unknown[] }[] = [];
  const recorder = { query: async (text: string, values: unknown[] = []) => (sent.push({ text, values }), { rows: [], rowCount: 0 }) };
  await run(recorder as never);
  if (sent.length !== 1) throw new Error(`expected one statement, ${sent.length} were sent`);
  await client.query('SET plan_cache_mode = force_generic_plan');
  const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sent[0]!.text}`,
    sent[0]!.values,
  );
  return rows[0]!['QUERY PLAN'][0].Plan;
}

/** Every node of `plan`, depth first. */
export function planNodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(planNodes)];
}

/**
 * How a plan reads a page: whether anything in it sorts, and the first index scan whose index
 * name starts with `indexPrefix` (the table's), with the rows it returned.
 */
export function pageRead(plan: PlanNode, indexPrefix: string): { sorts: boolean; index: string | undefined; rows: number | undefined } {
  const nodes = planNodes(plan);
  const scan = nodes.find((n) => n['Index Name']?.startsWith(indexPrefix));
  return { sorts: nodes.some((n) => n['Node Type'] === 'Sort'), index: scan?.['Index Name'], rows: scan?.['Actual Rows'] };
}
