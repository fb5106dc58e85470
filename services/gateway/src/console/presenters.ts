import type { ConsoleInvitationRecord, ConsoleSessionRecord, ConsoleUserRecord } from '../db/console-accounts.js';
import type { ApiTokenRecord } from '../db/merchants.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentUser(u: ConsoleUserRecord) {
  return { id: u.id, email: u.email, merchant_id: u.merchantId, created_at: u.createdAt.toISOString() };
}

/** What the browser learns about its session; the CSRF token goes with every change it makes. */
export function presentSession(s: ConsoleSessionRecord, environment: string) {
  return {
    user: { id: s.user.id, email: s.user.email, merchant_id: s.user.merchantId },
    merchant: { id: s.merchant.id, name: s.merchant.name },
    environment,
    csrf_token: s.csrfToken,
    expires_at: s.expiresAt.toISOString(),
  };
}

export function presentToken(t: ApiTokenRecord) {
  return { id: t.id, name: t.name, created_at: t.createdAt.toISOString(), last_used_at: iso(t.lastUsedAt), revoked_at: iso(t.revokedAt) };
}

export function presentInvitation(i: ConsoleInvitationRecord) {
  return { id: i.id, email: i.email, created_at: i.createdAt.toISOString(), expires_at: i.expiresAt.toISOString() };
}
