import type { Response } from 'express';
import type { MerchantRecord } from '../db/merchants.js';
import type { AuditActor } from '../db/audit-log.js';

/** What the middleware chain learns about a request, kept on res.locals. */
interface GatewayLocals {
  requestId?: string;
  merchant?: MerchantRecord;
  /** Who is acting: the console user of a session, or the bearer token (for the audit log). */
  actor?: AuditActor;
  idempotency?: { key: string; fingerprint: string };
}

const locals = (res: Response) => res.locals as GatewayLocals;

/** The request id of this response (set by requestId middleware). */
export function requestIdOf(res: Response): string {
  return locals(res).requestId ?? 'unknown';
}

export function setRequestId(res: Response, id: string): void {
  locals(res).requestId = id;
}

/** The authenticated merchant; only valid on routes behind `authenticate`. */
export function merchantOf(res: Response): MerchantRecord {
  const merchant = locals(res).merchant;
  if (!merchant) throw new Error('merchantOf called on a route without authentication');
  return merchant;
}

export function setMerchant(res: Response, merchant: MerchantRecord): void {
  locals(res).merchant = merchant;
}

/** Who the authenticated request speaks as; only valid on routes behind `authenticate`. */
export function actorOf(res: Response): AuditActor | undefined {
  return locals(res).actor;
}

export function setActor(res: Response, actor: AuditActor): void {
  locals(res).actor = actor;
}

/**
 * The request's Idempotency-Key with its fingerprint, for the owning service's create, which
 * keeps the key too: a create repeated after this gateway lost its record (it died mid-request)
 * still returns the first resource. Undefined when the client sent no key.
 */
export function idempotencyOf(res: Response): { key: string; fingerprint: string } | undefined {
  return locals(res).idempotency;
}

export function setIdempotency(res: Response, claim: { key: string; fingerprint: string }): void {
  locals(res).idempotency = claim;
}
