import { int, oneOf, str } from './settings.js';

/** The deployment environments of API.md. */
export type VrpEnv = 'sandbox' | 'production';

/** VRP_ENV, default sandbox. */
export const vrpEnvSetting = oneOf('VRP_ENV', ['sandbox', 'production'] as const, { default: 'sandbox' });

/** Local default database per environment: each environment has its own database. */
export function defaultDatabaseUrl(env: VrpEnv): string {
  return `postgresql://postgres@127.0.0.1:5432/vrp_${env}`;
}

/** Settings every service shares: where Postgres and NATS are and which stream carries events. */
export function platformSettings(env: VrpEnv) {
  return {
    databaseUrl: str('DATABASE_URL', { default: defaultDatabaseUrl(env) }),
    natsUrl: str('NATS_URL', { default: 'nats://127.0.0.1:4222' }),
    eventStream: str('EVENT_STREAM', { default: `VRP_EVENTS_${env.toUpperCase()}` }),
    eventSubjectPrefix: str('EVENT_SUBJECT_PREFIX', { default: `vrp.${env}.events` }),
    logLevel: oneOf('LOG_LEVEL', ['debug', 'info', 'warn', 'error', 'silent'] as const, { default: 'info' }),
    // Prometheus metrics at http://METRICS_HOST:METRICS_PORT/metrics; 0 picks a free port (npm start sets 9100-9105).
    metricsPort: int('METRICS_PORT', { default: 0, min: 0, max: 65535 }),
    metricsHost: str('METRICS_HOST', { default: '127.0.0.1' }),
  };
}
