import { duration, int, oneOf, optional, str, type Setting } from './settings.js';

/** The deployment environments: sandbox and production. */
export type VrpEnv = 'sandbox' | 'production';

/** VRP_ENV, default sandbox. */
export const vrpEnvSetting = oneOf('VRP_ENV', ['sandbox', 'production'] as const, { default: 'sandbox' });

/** Local default database per environment: each environment has its own database. */
export function defaultDatabaseUrl(env: VrpEnv): string {
  return `postgresql://postgres@127.0.0.1:5432/vrp_${env}`;
}

/** True when a Postgres URL carries a password: in its user information, or as a `password` parameter. */
export function hasDatabasePassword(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.password !== '' || (parsed.searchParams.get('password') ?? '') !== '';
  } catch {
    return false;
  }
}

/**
 * DATABASE_URL. Production refuses one without a password: only a development database trusts
 * whoever connects, and a production service that connects without one means that someone let it.
 */
function databaseUrl(env: VrpEnv): Setting<string> {
  const url = str('DATABASE_URL', { default: defaultDatabaseUrl(env) });
  return {
    name: url.name,
    parse(raw) {
      const value = url.parse(raw);
      if (env === 'production' && !hasDatabasePassword(value)) {
        throw new Error(
          raw
            ? 'must carry a password in production (postgresql://user:password@host/db, or a password= parameter)'
            : 'must be set in production, with a password (the default is a local development database)',
        );
      }
      return value;
    },
  };
}

/** Settings every service shares: where Postgres and NATS are and which stream carries events. */
export function platformSettings(env: VrpEnv) {
  return {
    databaseUrl: databaseUrl(env),
    natsUrl: str('NATS_URL', { default: 'nats://127.0.0.1:4222' }),
    eventStream: str('EVENT_STREAM', { default: `VRP_EVENTS_${env.toUpperCase()}` }),
    eventSubjectPrefix: str('EVENT_SUBJECT_PREFIX', { default: `vrp.${env}.events` }),
    // The event stream's shape, reconciled at every start-up (see @vrp/outbox ensureEventStream):
    // replicas across a NATS cluster (1, 3 or 5), how messages are retained, and its limits.
    eventStreamReplicas: int('EVENT_STREAM_REPLICAS', { default: 1, min: 1, max: 5 }),
    eventStreamRetention: oneOf('EVENT_STREAM_RETENTION', ['limits', 'interest'] as const, { default: 'limits' }),
    eventStreamMaxAgeMs: duration('EVENT_STREAM_MAX_AGE', { default: 7 * 24 * 3_600_000 }),
    // Bytes the stream may hold before the oldest messages go; -1: no limit but the age.
    eventStreamMaxBytes: int('EVENT_STREAM_MAX_BYTES', { default: -1, min: -1 }),
    logLevel: oneOf('LOG_LEVEL', ['debug', 'info', 'warn', 'error', 'silent'] as const, { default: 'info' }),
    // Prometheus metrics at http://METRICS_HOST:METRICS_PORT/metrics; 0 picks a free port (npm start sets 9100-9105).
    metricsPort: int('METRICS_PORT', { default: 0, min: 0, max: 65535 }),
    metricsHost: str('METRICS_HOST', { default: '127.0.0.1' }),
    // How gRPC messages are encoded and calls travel (docs/configuration.md); unset keeps the built-in choice.
    grpcCodec: optional(oneOf('VRP_GRPC_CODEC', ['library', 'compiled'] as const)),
    grpcTransport: optional(oneOf('VRP_GRPC_TRANSPORT', ['library', 'hand'] as const)),
  };
}
