import type { SqlPool } from '@vrp/sql';
import { insertAuditEntry, selectAuditEntries, type ISelectAuditEntriesResult } from '../generated/sql/audit-log.queries.js';
import type { Tx } from './client.js';

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

/** An entry as stored (its id is the log's order). */
export type AuditEntryRecord = Omit<ISelectAuditEntriesResult, 'id'> & { id: bigint };

export interface AuditFilters {
  action?: string;
  actorId?: string;
  createdGte?: Date;
  createdLte?: Date;
}

/**
 * The audit log: rows are only ever added. The table's trigger refuses UPDATE, DELETE and
 * TRUNCATE, so not even a bug in this class could rewrite history.
 */
export class AuditLog {
  constructor(private readonly pool: SqlPool) {}

  /** Records an event; `tx` puts it in the transaction of the change it describes. */
  async record(event: AuditEvent, tx: Tx = this.pool): Promise<void> {
    const { actor } = event;
    await insertAuditEntry.run(
      {
        merchantId: event.merchantId,
        actorType: actor.type,
        actorId: actor.type === 'operator' ? null : actor.id,
        actorEmail: actor.type === 'user' ? actor.email : null,
        action: event.action,
        targetType: event.target?.type ?? null,
        targetId: event.target?.id ?? null,
        details: JSON.stringify(event.details ?? {}),
        ip: event.ip ?? null,
        userAgent: event.userAgent?.slice(0, 512) ?? null,
        at: event.at ?? null,
      },
      tx,
    );
  }

  /** A merchant's entries newest first, `limit` of them from before `beforeId` (keyset paging); an empty filter is none. */
  async list(merchantId: string, filters: AuditFilters, page: { limit: number; beforeId?: bigint }): Promise<AuditEntryRecord[]> {
    const rows = await selectAuditEntries.run(
      {
        merchantId,
        action: filters.action || null,
        actorId: filters.actorId || null,
        createdGte: filters.createdGte ?? null,
        createdLte: filters.createdLte ?? null,
        beforeId: page.beforeId?.toString() ?? null,
        limit: page.limit,
      },
      this.pool,
    );
    return rows.map((r) => ({ ...r, id: BigInt(r.id) }));
  }
}
