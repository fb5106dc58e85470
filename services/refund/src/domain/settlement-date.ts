/**
 * The date (YYYY-MM-DD, UTC) a refund created at `from` is expected to settle: `businessDays`
 * working days later, skipping Saturdays and Sundays. Bank holidays are not modelled, so this
 * is an expectation shown to merchants, not a promise.
 */
export function expectedSettlementDate(from: Date, businessDays: number): string {
  const day = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  let left = businessDays;
  // A refund requested at a weekend starts counting from Monday.
  while (isWeekend(day)) day.setUTCDate(day.getUTCDate() + 1);
  while (left > 0) {
    day.setUTCDate(day.getUTCDate() + 1);
    if (!isWeekend(day)) left--;
  }
  return day.toISOString().slice(0, 10);
}

function isWeekend(day: Date): boolean {
  const weekday = day.getUTCDay();
  return weekday === 0 || weekday === 6;
}
