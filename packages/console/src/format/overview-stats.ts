/** The last 30 days of a merchant, day by day, as the Overview charts them (pure: no API calls). */

export interface DayValue {
  /** YYYY-MM-DD (UTC). */
  day: string;
  value: number;
}

/** The 30 UTC days ending with `today`, oldest first. */
export function last30Days(today: Date): string[] {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: 30 }, (_, i) => new Date(end - (29 - i) * 86_400_000).toISOString().slice(0, 10));
}

/** A decimal amount string ("12.50") as integer minor units (1250), without floating point. */
export function minorUnits(amount: string): number {
  const [whole, fraction = ''] = amount.split('.');
  return Number(`${whole}${fraction}`);
}

/** Minor units back to a decimal string with `digits` minor digits. */
export function majorUnits(minor: number, digits: number): string {
  if (digits === 0) return String(minor);
  const text = String(minor).padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

interface PaymentLike {
  amount: string;
  currency: string;
  status: string;
  created_at: string;
  settlement_date: string | null;
}

/**
 * Collected per settlement day in the currency most collected in (a merchant's payout currency in
 * practice): settled and refunded payments count by what they collected.
 */
export function collectedPerDay(
  payments: readonly PaymentLike[],
  days: readonly string[],
): { currency: string | null; digits: number; days: DayValue[] } {
  const collected = payments.filter((p) => (p.status === 'settled' || p.status === 'refunded') && p.settlement_date);
  const byCurrency = new Map<string, number>();
  for (const p of collected) byCurrency.set(p.currency, (byCurrency.get(p.currency) ?? 0) + 1);
  const currency = [...byCurrency.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
  const totals = new Map(days.map((d) => [d, 0]));
  let digits = 2;
  for (const p of collected) {
    if (p.currency !== currency || !totals.has(p.settlement_date!)) continue;
    digits = p.amount.includes('.') ? p.amount.split('.')[1]!.length : 0;
    totals.set(p.settlement_date!, totals.get(p.settlement_date!)! + minorUnits(p.amount));
  }
  return { currency, digits, days: days.map((day) => ({ day, value: totals.get(day)! })) };
}

/**
 * The share of payments created each day that succeeded, in whole percent: settled (or refunded)
 * against those that failed; a day with neither has no rate (null).
 */
export function successRatePerDay(payments: readonly PaymentLike[], days: readonly string[]): { day: string; value: number | null }[] {
  const tally = new Map(days.map((d) => [d, { ok: 0, failed: 0 }]));
  for (const p of payments) {
    const t = tally.get(p.created_at.slice(0, 10));
    if (!t) continue;
    if (p.status === 'settled' || p.status === 'refunded') t.ok += 1;
    else if (p.status === 'failed') t.failed += 1;
  }
  return days.map((day) => {
    const t = tally.get(day)!;
    const decided = t.ok + t.failed;
    return { day, value: decided === 0 ? null : Math.round((100 * t.ok) / decided) };
  });
}

/** Events created each day by how their delivery stands: delivered, still trying, or failed. */
export function deliveryHealthPerDay(
  events: readonly { created_at: string; delivery_status: string }[],
  days: readonly string[],
): { day: string; delivered: number; pending: number; failed: number }[] {
  const tally = new Map(days.map((d) => [d, { day: d, delivered: 0, pending: 0, failed: 0 }]));
  for (const e of events) {
    const t = tally.get(e.created_at.slice(0, 10));
    if (!t) continue;
    if (e.delivery_status === 'delivered') t.delivered += 1;
    else if (e.delivery_status === 'delivery_failed') t.failed += 1;
    else t.pending += 1;
  }
  return days.map((d) => tally.get(d)!);
}
