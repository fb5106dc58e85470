/** Where things live: console pages of API objects, and links to hand to someone else. */

const PAGES: Record<string, string> = { mandate: '/mandates', payment: '/payments', refund: '/refunds', schedule: '/schedules' };

/**
 * The console page of the object an event is about (`payment.settled` → /payments/PM…), or
 * undefined for an event type the console has no page for.
 */
export function objectPathOf(eventType: string, id: string): string | undefined {
  const page = PAGES[eventType.split('.')[0] ?? ''];
  return page ? `${page}/${encodeURIComponent(id)}` : undefined;
}

/** A link that works outside this tab: a path is resolved against the console's origin. */
export function absoluteUrl(url: string, origin: string): string {
  return new URL(url, origin).href;
}
