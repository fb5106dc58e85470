import type { ConsoleInvitationRecord, ConsoleSessionRecord, ConsoleUserRecord } from '../db/console-accounts.js';
import type { AuditEntryRecord } from '../db/audit-log.js';
import type { ApiTokenRecord } from '../db/merchants.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentUser(u: ConsoleUserRecord) {
  return {
    id: u.id,
    email: u.email,
    merchant_id: u.merchantId,
    role: u.role,
    two_factor: u.twoFactor,
    created_at: u.createdAt.toISOString(),
  };
}

/**
 * What the browser learns about its session; the CSRF token goes with every change it makes.
 * `two_factor_setup_required`: this user (an owner, where required) must set up two-factor
 * sign-in before anything else.
 */
export function presentSession(s: ConsoleSessionRecord, environment: string, twoFactorSetupRequired = false) {
  return {
    user: { id: s.user.id, email: s.user.email, merchant_id: s.user.merchantId, role: s.user.role, two_factor: s.user.twoFactor },
    merchant: { id: s.merchant.id, name: s.merchant.name },
    environment,
    csrf_token: s.csrfToken,
    expires_at: s.expiresAt.toISOString(),
    two_factor_setup_required: twoFactorSetupRequired,
  };
}

export function presentToken(t: ApiTokenRecord) {
  return { id: t.id, name: t.name, created_at: t.createdAt.toISOString(), last_used_at: iso(t.lastUsedAt), revoked_at: iso(t.revokedAt) };
}

export function presentInvitation(i: ConsoleInvitationRecord) {
  return { id: i.id, email: i.email, role: i.role, created_at: i.createdAt.toISOString(), expires_at: i.expiresAt.toISOString() };
}

export function presentAuditEntry(e: AuditEntryRecord) {
  return {
    id: String(e.id),
    created_at: e.createdAt.toISOString(),
    action: e.action,
    actor: { type: e.actorType, id: e.actorId, email: e.actorEmail },
    target: e.targetType ? { type: e.targetType, id: e.targetId } : null,
    details: e.details,
    ip: e.ip,
    user_agent: e.userAgent,
  };
}
