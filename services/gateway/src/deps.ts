import type { Logger } from '@vrp/logging';
import type { SqlPool } from '@vrp/sql';
import type { GatewayClients } from './clients.js';
import type { GatewayConfig } from './config.js';
import type { HashingSlots } from './domain/hashing-slots.js';
import type { ConsoleAccounts } from './db/console-accounts.js';
import type { AuditLog } from './db/audit-log.js';
import type { ConsoleCredentials } from './db/console-credentials.js';
import type { ConsoleMailbox } from './db/console-mail.js';
import type { SecretSealer } from './domain/secret-sealing.js';
import type { EventStreamLeases } from './db/event-stream-leases.js';
import type { CredentialWatch } from './usecases/watch-credentials.js';
import type { IdempotencyStore } from './db/idempotency-store.js';
import type { LiveTokenCache } from './db/live-token-cache.js';
import type { MerchantRepository } from './db/merchants.js';
import type { CursorCodec } from './lists/cursor.js';
import type { ExportStore } from './db/exports.js';

/** Everything a route module may use; passed to every `register<Thing>Routes(router, deps)`. */
export interface Deps {
  config: GatewayConfig;
  /** The gateway's database: every db/ module runs its statements on this pool. */
  db: SqlPool;
  merchants: MerchantRepository;
  /** Bearer tokens' answers, reused for at most AUTH_CACHE_TTL_MS. */
  tokens: LiveTokenCache;
  /** Merchant Console users, sessions and invitations. */
  consoleAccounts: ConsoleAccounts;
  /** Console users' own credentials: password changes, TOTP secrets, recovery codes. */
  consoleCredentials: ConsoleCredentials;
  /** Mail the console sends (invitation codes), queued for SMTP. */
  mailbox: ConsoleMailbox;
  /** The audit log of console and API-key actions (append-only). */
  audit: AuditLog;
  /** Seals secrets kept at rest (TOTP secrets) with IDEMPOTENCY_SEALING_KEYS. */
  sealer: SecretSealer;
  /** The password hashing this gateway does at once (sign-in, accepting an invitation). */
  hashing: HashingSlots;
  idempotency: IdempotencyStore;
  clients: GatewayClients;
  cursors: CursorCodec;
  logger: Logger;
  /** Open event streams: their leases (a merchant's count across replicas) and the shared check of their credentials. */
  eventStreams: { leases: EventStreamLeases; credentials: CredentialWatch };
  /** Finance exports: their store, and this gateway's worker when it runs one (EXPORT_WORKER). */
  exports?: { store: ExportStore; worker?: { nudge(): void } | undefined };
  /** Aborted when the gateway stops: long-lived responses (the event stream) end then, before the grace period. */
  stopping?: AbortSignal;
}
