import pg from 'pg';
import type { Finding } from './audit.js';

/**
 * The platform's limits on webhook fan-out, as the fault suite sets them (beside FAST_RECOVERY):
 * a small manual-retry budget and a per-address throttle that the run's one receiver address
 * reaches, so they are exercised under the faults too.
 */
export const LIMIT_SETTINGS: Record<string, string> = {
  WEBHOOK_MANUAL_RETRIES_PER_HOUR: '10',
  WEBHOOK_MAX_IN_FLIGHT_PER_ADDRESS: '8',
  WEBHOOK_MAX_PER_SECOND_PER_ADDRESS: '50',
};
const MANUAL_RETRIES_PER_HOUR = Number(LIMIT_SETTINGS.WEBHOOK_MANUAL_RETRIES_PER_HOUR);
const ENDPOINTS_PER_MERCHANT = 16;

/** What the limits answered: by kind of request, the statuses (with the error code of a refusal) seen. */
export type LimitAnswers = Record<'endpoint create' | 'bulk replay' | 'manual retry', Map<string, number>>;

export function newLimitAnswers(): LimitAnswers {
  return { 'endpoint create': new Map(), 'bulk replay': new Map(), 'manual retry': new Map() };
}

/** How a request of `kind` was answered: a status, with the error's code when it is one. */
export function noteLimitAnswer(answers: LimitAnswers, kind: keyof LimitAnswers, status: number, body: Record<string, unknown>): void {
  const code = (body.error as { code?: string } | undefined)?.code;
  const outcome = status === 0 ? 'no answer' : code ? `${status} ${code}` : `${status}`;
  answers[kind].set(outcome, (answers[kind].get(outcome) ?? 0) + 1);
}

/** The answers each kind may get, and the refusal the run must have seen at least once. */
const EXPECTED: Record<keyof LimitAnswers, { allowed: RegExp; refusal: string }> = {
  'endpoint create': { allowed: /^(201|422 too_many_endpoints|503 service_unavailable|no answer)$/, refusal: '422 too_many_endpoints' },
  'bulk replay': { allowed: /^(202|429 rate_limited|503 service_unavailable|no answer)$/, refusal: '429 rate_limited' },
  'manual retry': { allowed: /^(202|429 rate_limited|503 service_unavailable|no answer)$/, refusal: '429 rate_limited' },
};

/**
 * The limits held, by the database's own records: no merchant with more than 16 live endpoints,
 * no two bulk replays of a merchant accepted within a minute, no budget spent past its limit; and
 * each limit answered as documented, its refusal seen at least once (it was reached).
 */
export async function auditLimits(databaseUrl: string, answers: LimitAnswers): Promise<Finding[]> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const crowded = await db.query<{ merchant_id: string; n: number }>(
      `SELECT merchant_id, count(*)::int AS n FROM webhook.endpoints WHERE deleted_at IS NULL GROUP BY merchant_id HAVING count(*) > $1`,
      [ENDPOINTS_PER_MERCHANT],
    );
    const merchants = (await db.query<{ n: number }>('SELECT count(DISTINCT merchant_id)::int AS n FROM webhook.endpoints')).rows[0]!.n;
    const replays = await db.query<{ merchant_id: string; a: Date; b: Date }>(
      `SELECT a.merchant_id, a.accepted_at AS a, b.accepted_at AS b FROM webhook.replay_requests a
         JOIN webhook.replay_requests b ON b.merchant_id = a.merchant_id AND b.id > a.id AND b.accepted_at < a.accepted_at + interval '1 minute'`,
    );
    const unfinishedReplays = await db.query<{ id: string }>('SELECT id::text FROM webhook.replay_requests WHERE done_at IS NULL');
    const replayCount = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook.replay_requests')).rows[0]!.n;
    const overspent = await db.query<{ merchant_id: string; used: number }>(
      'SELECT merchant_id, used FROM webhook.manual_retry_budgets WHERE used > $1',
      [MANUAL_RETRIES_PER_HOUR],
    );
    const budgets = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook.manual_retry_budgets')).rows[0]!.n;
    const answered = Object.values(answers).reduce((a, m) => a + [...m.values()].reduce((x, y) => x + y, 0), 0);
    const misanswered = (Object.keys(EXPECTED) as (keyof LimitAnswers)[]).flatMap((kind) => [
      ...[...answers[kind]].filter(([outcome]) => !EXPECTED[kind].allowed.test(outcome)).map(([o, n]) => `${kind}: ${n} answered ${o}`),
      ...(answers[kind].has(EXPECTED[kind].refusal)
        ? []
        : [`${kind}: never refused with ${EXPECTED[kind].refusal} (the limit was not reached)`]),
    ]);
    return [
      {
        check: `no merchant has more than ${ENDPOINTS_PER_MERCHANT} live webhook endpoints`,
        checked: merchants,
        violations: crowded.rows.map((r) => `${r.merchant_id} has ${r.n}`),
      },
      {
        check: 'bulk replays accepted at most once a minute per merchant, and each carried out',
        checked: replayCount,
        violations: [
          ...replays.rows.map((r) => `${r.merchant_id}: replays accepted at ${r.a.toISOString()} and ${r.b.toISOString()}`),
          ...unfinishedReplays.rows.map((r) => `replay ${r.id} never finished`),
        ],
      },
      {
        check: `manual retries within each merchant's budget (${MANUAL_RETRIES_PER_HOUR} an hour)`,
        checked: budgets,
        violations: overspent.rows.map((r) => `${r.merchant_id} spent ${r.used}`),
      },
      { check: 'every limit answered as documented, and was reached', checked: answered, violations: misanswered },
    ];
  } finally {
    await db.end();
  }
}
