import {
  bool,
  duration,
  durationList,
  int,
  list,
  loadConfig,
  platformSettings,
  str,
  vrpEnvSetting,
  ConfigError,
  type Setting,
} from '@vrp/config';
import { validateRetrySchedule } from './domain/retry-schedule.js';

/**
 * Development-only key for encrypting signing secrets at rest. Outside sandbox/dev a warning is
 * logged at boot when it is in use (see app.ts): production must set WEBHOOK_SECRET_KEY.
 */
export const DEV_SECRET_KEY = '6465762d6f6e6c792d776562686f6f6b2d7365637265742d6b65792d33322d62';

function secretKey(name: string): Setting<Buffer> {
  const parse = str(name, { default: DEV_SECRET_KEY });
  return {
    name,
    parse(raw) {
      const text = parse.parse(raw);
      const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
      if (key.length !== 32) throw new Error('must be a 32-byte key, as 64 hex characters or base64');
      return key;
    },
  };
}

function retrySchedule(name: string): Setting<number[]> {
  const parse = durationList(name, { default: [60_000, 300_000, 900_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 28_800_000] });
  return {
    name,
    parse(raw) {
      const waits = parse.parse(raw);
      validateRetrySchedule(waits);
      return waits;
    },
  };
}

/** Reads and validates the webhook service's settings; throws ConfigError listing every bad one. */
export function loadWebhookConfig(env: NodeJS.ProcessEnv = process.env) {
  const vrpEnv = vrpEnvSetting.parse(env.VRP_ENV);
  const config = loadConfig(
    {
      ...platformSettings(vrpEnv),
      grpcPort: int('GRPC_PORT', { default: 50054, min: 0, max: 65535 }),
      // Loopback by default for local runs; containers set 0.0.0.0 so probes and Services reach the pod.
      grpcHost: str('GRPC_HOST', { default: '127.0.0.1' }),
      retrySchedule: retrySchedule('WEBHOOK_RETRY_SCHEDULE'),
      timeoutMs: int('WEBHOOK_TIMEOUT_MS', { default: 10_000, min: 1, max: 60_000 }),
      secretKey: secretKey('WEBHOOK_SECRET_KEY'),
      allowInsecureLoopback: bool('WEBHOOK_ALLOW_INSECURE_LOOPBACK', { default: false }),
      allowedPrivateHosts: list('WEBHOOK_ALLOWED_PRIVATE_HOSTS', { default: [] }),
      consumerName: str('WEBHOOK_CONSUMER_NAME', { default: 'webhook-service' }),
      pollIntervalMs: int('WEBHOOK_POLL_INTERVAL_MS', { default: 250, min: 10 }),
      concurrency: int('WEBHOOK_DELIVERY_CONCURRENCY', { default: 256, min: 1, max: 256 }),
      // At most this many of a replica's attempts in flight to one endpoint; the rest wait unclaimed.
      maxInFlightPerEndpoint: int('WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT', { default: 16, min: 1, max: 256 }),
      breakerResetMs: int('WEBHOOK_BREAKER_RESET_MS', { default: 30_000, min: 10 }),
      breakerVolumeThreshold: int('WEBHOOK_BREAKER_VOLUME_THRESHOLD', { default: 5, min: 1 }),
      // An endpoint failing without a single success for this long is disabled (reason failing).
      disableAfterMs: duration('WEBHOOK_DISABLE_AFTER', { default: 5 * 24 * 3_600_000 }),
      // An event pulled from the stream by a replica that died before recording it comes back after this.
      ackWaitMs: duration('WEBHOOK_ACK_WAIT', { default: 30_000 }),
    },
    env,
  );
  if (!/^[A-Za-z0-9_-]+$/.test(config.consumerName)) {
    throw new ConfigError([`WEBHOOK_CONSUMER_NAME must be letters, digits, '-' or '_', got '${config.consumerName}'`]);
  }
  // Signing secrets encrypted with a published development key are as good as plain text.
  if (vrpEnv === 'production' && !env.WEBHOOK_SECRET_KEY) {
    throw new ConfigError(['WEBHOOK_SECRET_KEY must be set in production (32 bytes, hex or base64)']);
  }
  const usingDevSecretKey = config.secretKey.equals(Buffer.from(DEV_SECRET_KEY, 'hex'));
  if (vrpEnv === 'production' && usingDevSecretKey) {
    throw new ConfigError(['WEBHOOK_SECRET_KEY must not be the published development key in production (generate a new 32-byte key)']);
  }
  return Object.freeze({ ...config, env: vrpEnv, usingDevSecretKey });
}

export type WebhookConfig = ReturnType<typeof loadWebhookConfig>;
