import type { Audit, Finding } from './audit.js';
import type { LoadLedger } from './load.js';

/** Two-column rows under a heading, aligned for a terminal. */
function section(title: string, rows: [string, string | number][]): string[] {
  const width = Math.max(...rows.map(([k]) => k.length), 10);
  return [title, ...rows.map(([k, v]) => `  ${k.padEnd(width)}  ${v}`)];
}

/** The table `npm run chaos` ends with: what was sent, what was broken, what was kept and delivered. */
export function summaryTable(input: {
  requests: Record<string, number>;
  faults: string[];
  ledger: LoadLedger;
  findings: Finding[];
  events: Audit['events'];
}): string {
  const { requests, faults, ledger, findings, events } = input;
  const retried = [...ledger.keys.values()].filter((ids) => ids.size > 0).length;
  return [
    ...section('requests by outcome', Object.entries(requests)),
    ...section(
      'faults injected',
      faults.map((f, i) => [`${i + 1}`, f]),
    ),
    ...section('resources', [
      ['mandates', ledger.mandates.size],
      ['payments', ledger.payments.size],
      ['refunds', ledger.refunds.size],
      ['idempotent creates', `${ledger.keys.size} (${retried} answered, ${ledger.cutFirstAttempts} first attempts cut off by the client)`],
      ['keyless refunds', `${ledger.keyless.sent} (${ledger.keyless.unanswered} without a definite answer)`],
    ]),
    ...section(
      'webhook limits',
      Object.entries(ledger.limits).map(([kind, answers]) => [
        kind,
        [...answers]
          .sort()
          .map(([outcome, n]) => `${outcome} x${n}`)
          .join(', ') || 'none sent',
      ]),
    ),
    ...section('events', [
      ['expected', events.expected],
      ['recorded', events.recorded],
      ['on the stream', events.onStream],
      ['delivered', `${events.delivered} (signature verified)`],
    ]),
    ...section(
      'invariants',
      findings.map((f) => [f.violations.length === 0 ? 'ok' : `FAIL (${f.violations.length})`, `${f.check} (${f.checked} checked)`]),
    ),
  ].join('\n');
}
