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
  type VrpEnv,
} from '@vrp/config';
import { validateRetrySchedule } from './domain/retry-schedule.js';
import { SecretKeyring } from './domain/signing-secret.js';

/**
 * Development-only key for encrypting signing secrets at rest (it is published here): production
 * refuses to start with it and must set WEBHOOK_SECRET_KEY.
 */
export const DEV_SECRET_KEY = '6465762d6f6e6c792d776562686f6f6b2d7365637265742d6b65792d33322d62';

/** A 32-byte key as WEBHOOK_SECRET_KEY gives it, and whether its text is the key's one exact encoding. */
export interface ParsedSecretKey {
  key: Buffer;
  /**
   * True for 64 hex digits, or standard base64 (44 characters, padded) or base64url (43) that
   * encodes back to the same text. Node's base64 decoder skips what it does not understand, so a
   * mistyped or truncated key can still decode to 32 bytes: that text is not canonical.
   */
  canonical: boolean;
}

/** Reads a 32-byte key written as 64 hex digits or in base64; throws when it is not 32 bytes. */
export function parseSecretKey(text: string): ParsedSecretKey {
  if (/^[0-9a-f]{64}$/i.test(text)) return { key: Buffer.from(text, 'hex'), canonical: true };
  const key = Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error('must be a 32-byte key, as 64 hex characters or base64');
  return { key, canonical: key.toString('base64') === text || key.toString('base64url') === text };
}

/**
 * WEBHOOK_SECRET_KEY: one key, or several separated by commas, the newest first (it seals; every
 * one opens what it sealed: see SecretKeyring). Production refuses a key anyone could know or
 * that was not written as meant: unset (the published development key), that key, all zeros, or
 * a text that decodes to 32 bytes only by the decoder's leniency. Signing secrets sealed with
 * such a key are as good as plain text.
 */
function secretKeys(name: string, env: VrpEnv): Setting<SecretKeyring> {
  const parse = str(name, { default: DEV_SECRET_KEY });
  return {
    name,
    parse(raw) {
      const texts = parse
        .parse(raw)
        .split(',')
        .map((t) => t.trim());
      const which = (i: number) => (texts.length > 1 ? ` (key ${i + 1} of ${texts.length})` : '');
      const keys = texts.map((text, i) => {
        if (!text) throw new Error(`has an empty entry${which(i)}`);
        let parsed: ParsedSecretKey;
        try {
          parsed = parseSecretKey(text);
        } catch (err) {
          throw new Error(`${(err as Error).message}${which(i)}`, { cause: err });
        }
        if (env === 'production') {
          const refused = productionRefusal(parsed);
          if (refused) throw new Error(`${refused}${which(i)}`);
        }
        return parsed.key;
      });
      if (env === 'production' && !raw) throw new Error('must be set in production (32 bytes, hex or base64)');
      return new SecretKeyring(keys);
    },
  };
}

/** Why production refuses a key, or null. */
function productionRefusal(parsed: ParsedSecretKey): string | null {
  if (parsed.key.equals(Buffer.from(DEV_SECRET_KEY, 'hex')))
    return 'must not be the published development key in production (generate a new 32-byte key)';
  if (parsed.key.every((b) => b === 0)) return 'must not be all zeros in production (generate a random 32-byte key)';
  if (!parsed.canonical) return 'must be written exactly in production: 64 hex characters, or base64 that encodes back to the same text';
  return null;
}

/** WEBHOOK_ALLOW_INSECURE_LOOPBACK: local development only, so production refuses it. */
function allowInsecureLoopback(name: string, env: VrpEnv): Setting<boolean> {
  const parse = bool(name, { default: false });
  return {
    name,
    parse(raw) {
      const allowed = parse.parse(raw);
      if (allowed && env === 'production')
        throw new Error('must not be set in production: it lets deliveries reach loopback addresses (development only)');
      return allowed;
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
      secretKeys: secretKeys('WEBHOOK_SECRET_KEY', vrpEnv),
      // Manual retries of single events a merchant may make per hour (429 rate_limited beyond).
      manualRetriesPerHour: int('WEBHOOK_MANUAL_RETRIES_PER_HOUR', { default: 100, min: 1 }),
      // A merchant's bulk replays are accepted at most once per this (429 rate_limited sooner).
      replayIntervalMs: duration('WEBHOOK_REPLAY_INTERVAL', { default: 60_000 }),
      // How often the re-seal job looks for signing secrets sealed with a key other than the first listed.
      resealIntervalMs: duration('WEBHOOK_RESEAL_INTERVAL', { default: 60_000 }),
      allowInsecureLoopback: allowInsecureLoopback('WEBHOOK_ALLOW_INSECURE_LOOPBACK', vrpEnv),
      allowedPrivateHosts: list('WEBHOOK_ALLOWED_PRIVATE_HOSTS', { default: [] }),
      consumerName: str('WEBHOOK_CONSUMER_NAME', { default: 'webhook-service' }),
      pollIntervalMs: int('WEBHOOK_POLL_INTERVAL_MS', { default: 250, min: 10 }),
      concurrency: int('WEBHOOK_DELIVERY_CONCURRENCY', { default: 256, min: 1, max: 256 }),
      // At most this many of a replica's attempts in flight to one endpoint; the rest wait unclaimed.
      maxInFlightPerEndpoint: int('WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT', { default: 16, min: 1, max: 256 }),
      // Per resolved destination address, whoever's endpoints point there: attempts in flight at once
      // and attempts started per second (a burst of as many), per replica; the rest wait unclaimed.
      maxInFlightPerAddress: int('WEBHOOK_MAX_IN_FLIGHT_PER_ADDRESS', { default: 32, min: 1, max: 256 }),
      maxPerSecondPerAddress: int('WEBHOOK_MAX_PER_SECOND_PER_ADDRESS', { default: 100, min: 1 }),
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
  const usingDevSecretKey = config.secretKeys.sealing.key.equals(Buffer.from(DEV_SECRET_KEY, 'hex'));
  return Object.freeze({ ...config, env: vrpEnv, usingDevSecretKey });
}

export type WebhookConfig = ReturnType<typeof loadWebhookConfig>;
