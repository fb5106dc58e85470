import {
  bool,
  ConfigError,
  duration,
  int,
  list,
  loadConfig,
  platformSettings,
  str,
  vrpEnvSetting,
  type Setting,
  type VrpEnv,
} from '@vrp/config';
import { SCRYPT_LOG_N } from './domain/password.js';
import { parseSealingKeys, type SealingKey } from './domain/secret-sealing.js';

/** Downstream gRPC services the gateway can call and check for readiness. */
export const DOWNSTREAM_SERVICES = ['mandate', 'payment', 'refund', 'webhook', 'connector', 'schedule'] as const;
export type DownstreamService = (typeof DOWNSTREAM_SERVICES)[number];

/** A fixed development secret so cursors work out of the box; production refuses to start with it. */
export const DEV_CURSOR_SECRET = 'vrp-dev-cursor-secret-change-me';

/** A fixed development key so secrets in idempotency records are sealed out of the box; production refuses to start with it. */
export const DEV_SEALING_KEYS = 'dev:be6bd333f03ddb02ab1d080245431a762c50fe92a64d333bb7389a214c7f76e9';

/** IDEMPOTENCY_SEALING_KEYS: `id:key` (32 bytes, hex or base64), comma-separated; the first seals, all open. */
const sealingKeys: Setting<SealingKey[]> = {
  name: 'IDEMPOTENCY_SEALING_KEYS',
  parse: (raw) => parseSealingKeys(raw || DEV_SEALING_KEYS),
};

const RATE_DEFAULTS: Record<VrpEnv, { rps: number; burst: number }> = {
  production: { rps: 100, burst: 200 },
  sandbox: { rps: 25, burst: 50 },
};

function spec(env: VrpEnv) {
  return {
    env: vrpEnvSetting,
    ...platformSettings(env),
    port: int('GATEWAY_PORT', { default: 8080, min: 0, max: 65535 }),
    host: str('GATEWAY_HOST', { default: '127.0.0.1' }),
    cursorSecret: str('CURSOR_SECRET', { default: DEV_CURSOR_SECRET }),
    cursorTtlMs: duration('CURSOR_TTL', { default: 24 * 3_600_000 }),
    rateLimitRps: int('RATE_LIMIT_RPS', { default: RATE_DEFAULTS[env].rps, min: 1 }),
    rateLimitBurst: int('RATE_LIMIT_BURST', { default: RATE_DEFAULTS[env].burst, min: 1 }),
    // How long a token's answer is reused: a revocation takes effect on every gateway within it (at most 1 s; 0 disables).
    authCacheTtlMs: int('AUTH_CACHE_TTL_MS', { default: 1000, min: 0, max: 1000 }),
    idempotencyTtlMs: duration('IDEMPOTENCY_TTL', { default: 24 * 3_600_000 }),
    // Seal the secrets (webhook signing secrets, API tokens) an idempotency record keeps to replay.
    idempotencySealingKeys: sealingKeys,
    idempotencyWaitMs: duration('IDEMPOTENCY_WAIT_MS', { default: 5000 }),
    // A request still "in flight" after this long belongs to a gateway that died; another may take over.
    idempotencyLockTimeoutMs: duration('IDEMPOTENCY_LOCK_TIMEOUT', { default: 60_000 }),
    grpcTimeoutMs: duration('GRPC_TIMEOUT', { default: 5000 }),
    // GET /v1/webhook-events/stream sends a comment this often so idle streams stay open through proxies.
    eventStreamHeartbeatMs: duration('EVENT_STREAM_HEARTBEAT', { default: 15_000 }),
    /** How long a completed export can be downloaded. */
    exportTtlMs: duration('EXPORT_TTL', { default: 24 * 3_600_000 }),
    /** How long an export worker holds an export between chunks; another resumes it once this lapsed. */
    exportLeaseMs: duration('EXPORT_LEASE', { default: 30_000 }),
    /** Whether this gateway runs an export worker (a separate worker process may run them instead). */
    exportWorker: bool('EXPORT_WORKER', { default: true }),
    // Open event streams a merchant may hold at once, across every gateway replica.
    eventStreamsPerMerchant: int('EVENT_STREAMS_PER_MERCHANT', { default: 5, min: 1, max: 100 }),
    // Merchant Console: where its built files are ('' = packages/console/dist of this checkout) and its sessions.
    consoleDir: str('CONSOLE_DIR', { default: '' }),
    // The platform's public address: console invitation links point there, never at a request's Host.
    // Production refuses to start without it (an https URL); the sandbox defaults to the local gateway.
    publicBaseUrl: str('PUBLIC_BASE_URL', { default: env === 'sandbox' ? 'http://127.0.0.1:8080' : '' }),
    // Console owners must sign in with a second factor (TOTP): on by default in production.
    consoleOwnerTwoFactor: bool('CONSOLE_OWNER_TWO_FACTOR', { default: env === 'production' }),
    // Mail the console sends (invitation codes): kept in the outbox table, and sent through SMTP when
    // SMTP_URL is set (smtp://user:pass@host:587 or smtps://…).
    smtpUrl: str('SMTP_URL', { default: '' }),
    mailFrom: str('MAIL_FROM', { default: 'VRP Console <no-reply@localhost>' }),
    consoleSessionTtlMs: duration('CONSOLE_SESSION_TTL', { default: 12 * 3_600_000 }),
    consoleSessionIdleMs: duration('CONSOLE_SESSION_IDLE', { default: 2 * 3_600_000 }),
    // Failed sign-ins weighed at once within the window, per account from one address and per address;
    // beyond them each attempt waits CONSOLE_SIGN_IN_BACKOFF after the last failure, doubling (never a lockout).
    consoleSignInWindowMs: duration('CONSOLE_SIGN_IN_WINDOW', { default: 15 * 60_000 }),
    consoleSignInBackoffMs: duration('CONSOLE_SIGN_IN_BACKOFF', { default: 1000 }),
    consoleSignInPerAccount: int('CONSOLE_SIGN_IN_PER_ACCOUNT', { default: 5, min: 1 }),
    consoleSignInPerAddress: int('CONSOLE_SIGN_IN_PER_ADDRESS', { default: 20, min: 1 }),
    // Failed authentications (401) per client address, this process's own count: an address past them is
    // refused (429) before its credentials are looked up.
    authFailuresPerMinute: int('AUTH_FAILURES_PER_MINUTE', { default: 120, min: 1 }),
    authFailureBurst: int('AUTH_FAILURE_BURST', { default: 30, min: 1 }),
    // Every /console/api request, per client address (this process's own count, before anything else is done).
    consoleApiRps: int('CONSOLE_API_RPS', { default: 10, min: 1 }),
    consoleApiBurst: int('CONSOLE_API_BURST', { default: 50, min: 1 }),
    // Password hashes (128 MiB each) at once per gateway; more wait up to PASSWORD_HASH_WAIT, then 429.
    passwordHashConcurrency: int('PASSWORD_HASH_CONCURRENCY', { default: 2, min: 1, max: 16 }),
    passwordHashWaitMs: duration('PASSWORD_HASH_WAIT', { default: 2000 }),
    // scrypt's work factor for new password hashes, log2(N): 17 (128 MiB) and up in production.
    passwordScryptLogN: int('PASSWORD_SCRYPT_LOG_N', { default: SCRYPT_LOG_N, min: 10, max: 20 }),
    // Express's "trust proxy": '' trusts nobody (the client address is the socket's), a number trusts that many hops.
    trustProxy: str('TRUST_PROXY', { default: '' }),
    shutdownGraceMs: duration('SHUTDOWN_GRACE', { default: 10_000 }),
    readinessServices: list('READINESS_SERVICES', { default: [...DOWNSTREAM_SERVICES] }),
    serviceUrls: {
      mandate: str('MANDATE_SERVICE_URL', { default: 'http://127.0.0.1:50051' }),
      payment: str('PAYMENT_SERVICE_URL', { default: 'http://127.0.0.1:50052' }),
      refund: str('REFUND_SERVICE_URL', { default: 'http://127.0.0.1:50053' }),
      webhook: str('WEBHOOK_SERVICE_URL', { default: 'http://127.0.0.1:50054' }),
      // The bank connector: the platform's one voice to customers' banks (Open Banking VRP).
      connector: str('CONNECTOR_SERVICE_URL', { default: 'http://127.0.0.1:50056' }),
      // Schedules: collections that run by themselves.
      schedule: str('SCHEDULE_SERVICE_URL', { default: 'http://127.0.0.1:50057' }),
    },
  };
}

type Loaded = ReturnType<typeof load>;

function load(env: NodeJS.ProcessEnv) {
  const vrpEnv = loadConfig({ env: vrpEnvSetting }, env).env;
  const { serviceUrls, ...flat } = spec(vrpEnv);
  return { ...loadConfig(flat, env), serviceUrls: loadConfig(serviceUrls, env) };
}

/** The gateway's settings, validated and frozen. */
export type GatewayConfig = Readonly<Omit<Loaded, 'readinessServices'> & { readinessServices: readonly DownstreamService[] }>;

/**
 * Reads the gateway's settings from `env`, failing fast with one line per bad setting.
 * Rate-limit defaults depend on VRP_ENV (production 100/s burst 200, sandbox 25/s burst 50).
 */
export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const loaded = load(env);
  const unknown = loaded.readinessServices.filter((s) => !(DOWNSTREAM_SERVICES as readonly string[]).includes(s));
  const problems: string[] = [];
  if (unknown.length)
    problems.push(`READINESS_SERVICES has unknown services ${unknown.join(', ')} (known: ${DOWNSTREAM_SERVICES.join(', ')})`);
  if (loaded.env === 'production') {
    const cursor = productionCursorProblem(loaded.cursorSecret);
    if (cursor) problems.push(cursor);
    problems.push(...productionSealingProblems(loaded.idempotencySealingKeys));
    if (loaded.passwordScryptLogN < SCRYPT_LOG_N)
      problems.push(`PASSWORD_SCRYPT_LOG_N must be at least ${SCRYPT_LOG_N} in production (OWASP’s minimum for scrypt)`);
  }
  const publicUrl = publicBaseUrlProblem(loaded.publicBaseUrl, loaded.env);
  if (publicUrl) problems.push(publicUrl);
  if (problems.length) throw new ConfigError(problems);
  return Object.freeze({ ...loaded, readinessServices: loaded.readinessServices as DownstreamService[] });
}

/** Why PUBLIC_BASE_URL will not do: missing, not a URL, or (in production) not https. */
function publicBaseUrlProblem(value: string, env: VrpEnv): string | undefined {
  if (!value) return 'PUBLIC_BASE_URL is required in production (the https address merchants reach the platform at)';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `PUBLIC_BASE_URL must be a URL, got '${value}'`;
  }
  if (url.protocol !== 'https:' && (env === 'production' || url.protocol !== 'http:'))
    return `PUBLIC_BASE_URL must be an https URL${env === 'production' ? ' in production' : ''}, got '${value}'`;
  if (url.pathname !== '/' || url.search || url.hash) return `PUBLIC_BASE_URL must be an origin without a path, got '${value}'`;
  return undefined;
}

/**
 * Why the cursor secret will not do in production: a cursor signed with a public or guessable
 * secret could be forged. The development value, fewer than 32 characters, or a placeholder (fewer
 * than 8 different characters, such as 32 zeros) are refused.
 */
function productionCursorProblem(secret: string): string | undefined {
  if (secret === DEV_CURSOR_SECRET || secret.length < 32) {
    return 'CURSOR_SECRET must be set to a private value of at least 32 characters in production';
  }
  if (new Set(secret).size < 8) return 'CURSOR_SECRET looks like a placeholder (fewer than 8 different characters), not a random value';
  return undefined;
}

/** Why the sealing keys will not do in production: the public development key, or a key that is not random. */
function productionSealingProblems(keys: readonly SealingKey[]): string[] {
  const dev = parseSealingKeys(DEV_SEALING_KEYS)[0]!.key;
  return keys.flatMap((k) => {
    if (k.key.equals(dev))
      return [`IDEMPOTENCY_SEALING_KEYS must hold private keys in production: key '${k.id}' is the public development key`];
    if (k.key.every((b) => b === k.key[0])) return [`IDEMPOTENCY_SEALING_KEYS key '${k.id}' is one byte repeated, not a random key`];
    return [];
  });
}

/** What the merchant developer commands (`vrp listen`, `vrp trigger`) take from the environment. */
export interface DeveloperSettings {
  /** VRP_API_URL, else the local gateway on GATEWAY_PORT (8080), as `npm start` runs it. */
  apiUrl: string;
  /** VRP_API_KEY, when set; `--api-key` wins over it. */
  apiKey?: string;
}

/** Reads the developer commands' settings: an API address and key, never the platform's own settings. */
export function loadDeveloperSettings(env: NodeJS.ProcessEnv = process.env): DeveloperSettings {
  const apiUrl = env.VRP_API_URL || `http://127.0.0.1:${env.GATEWAY_PORT || 8080}`;
  return Object.freeze(env.VRP_API_KEY ? { apiUrl, apiKey: env.VRP_API_KEY } : { apiUrl });
}
