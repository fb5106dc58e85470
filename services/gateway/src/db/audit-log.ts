import type { Prisma } from '../generated/prisma/client.js';
import type { Db } from './client.js';

/** Who acted: a console user, a bearer token, or the operator CLI. */
export type AuditActor = { type: 'user'; id: string; email: string } | { type: 'api_token'; id: string } | { type: 'operator' };

/** One thing that happened, as it is recorded. */
export interface AuditEvent {
  merchantId: string;
  actor: AuditActor;
  /** `token.created`, `user.removed`, `session.signed_in`… (docs/security.md lists them). */
  action: string;
  target?: { type: string; id: string };
  details?: Record<string, unknown>;
  /** Where from: the client address and its user agent, when the action came over HTTP. */
  ip?: string;
  userAgent?: string;
  at?: Date;
}

export interface AuditEntryRecord {
  id: bigint;
  merchantId: string;
  actorType: string;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  details: unknown;
  ip: string | null;
  userAgent: string | null;
  createdAt: Date;
}

export interface AuditFilters {
  action?: string;
  actorId?: string;
  createdGte?: Date;
  createdLte?: Date;
}

type Tx = Pick<Db, 'auditEntry'>;

/**
 * The audit log: rows are only ever added. The table's trigger refuses UPDATE, DELETE and
 * TRUNCATE, so not even a bug in this class could rewrite history.
 */
export class AuditLog {
  constructor(private readonly db: Db) {}

  /** Records an event; `tx` puts it in the transaction of the change it describes. */
  async record(event: AuditEvent, tx: Tx = this.db): Promise<void> {
    const { actor } = event;
    await tx.auditEntry.create({
      data: {
        merchantId: event.merchantId,
        actorType: actor.type,
        actorId: actor.type === 'operator' ? null : actor.id,
        actorEmail: actor.type === 'user' ? actor.email : null,
        action: event.action,
        targetType: event.target?.type ?? null,
        targetId: event.target?.id ?? null,
        details: (event.details ?? {}) as Prisma.InputJsonValue,
        ip: event.ip ?? null,
        userAgent: event.userAgent?.slice(0, 512) ?? null,
        ...(event.at ? { createdAt: event.at } : {}),
      },
    });
  }

  /** A merchant's entries newest first, `limit` of them from before `beforeId` (keyset paging). */
  list(merchantId: string, filters: AuditFilters, page: { limit: number; beforeId?: bigint }): Promise<AuditEntryRecord[]> {
    return this.db.auditEntry.findMany({
      where: {
        merchantId,
        ...(filters.action ? { action: filters.action } : {}),
        ...(filters.actorId ? { actorId: filters.actorId } : {}),
        ...(filters.createdGte || filters.createdLte
          ? {
              createdAt: {
                ...(filters.createdGte ? { gte: filters.createdGte } : {}),
                ...(filters.createdLte ? { lte: filters.createdLte } : {}),
              },
            }
          : {}),
        ...(page.beforeId !== undefined ? { id: { lt: page.beforeId } } : {}),
      },
      orderBy: { id: 'desc' },
      take: page.limit,
    });
  }
}
