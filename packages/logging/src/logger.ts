import { pino, stdTimeFunctions, type BaseLogger, type DestinationStream } from 'pino';
import { activeSpanIds } from '@vrp/tracing';
import { currentRequestContext } from './context.js';
import { redactSecrets, REDACTED, REDACTED_KEYS } from './redact.js';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export type LogFields = Record<string, unknown>;

/** A structured logger: one JSON object per line with time, level, service, message and fields. */
export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  child(fields: LogFields): Logger;
}

function serialise(value: unknown): unknown {
  if (value instanceof Error) {
    return { name: value.name, message: value.message, stack: value.stack, cause: value.cause ? serialise(value.cause) : undefined };
  }
  if (typeof value === 'bigint') return value.toString();
  return value;
}

/** Fields as they are written: errors with their stack, bigints as text, credentials redacted. */
function prepare(fields: LogFields | undefined): LogFields {
  const out: LogFields = {};
  for (const [k, v] of Object.entries(fields ?? {})) out[k] = redactSecrets(serialise(v), k);
  return out;
}

type Pino = BaseLogger & { child(bindings: LogFields): Pino; isLevelEnabled(level: string): boolean };

function wrap(p: Pino): Logger {
  // A line below the level is not written, so its fields are not prepared either (serialising
  // and redacting them cost more than the rest of a quiet request's logging).
  const at =
    (level: 'debug' | 'info' | 'warn' | 'error') =>
    (m: string, f?: LogFields): void => {
      if (p.isLevelEnabled(level)) p[level](prepare(f), m);
    };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error'), child: (fields) => wrap(p.child(prepare(fields))) };
}

/**
 * Creates a pino logger for `service`: JSON lines with an ISO time, the level's name, the
 * current request id and merchant (see withRequestContext), the active trace id, and credentials redacted by key
 * (authorization, cookie, password, secret, token…) and by shape (vrp_… tokens, whsec_…
 * secrets) wherever they appear. `write` defaults to stdout; tests pass their own.
 */
export function createLogger(
  service: string,
  options: { level?: LogLevel; base?: LogFields; write?: (line: string) => void } = {},
): Logger {
  const destination: DestinationStream = options.write
    ? { write: (line: string) => options.write!(line.endsWith('\n') ? line.slice(0, -1) : line) }
    : pino.destination({ dest: 1, sync: true });
  const logger = pino(
    {
      level: options.level ?? 'info',
      base: { service, ...prepare(options.base) },
      messageKey: 'msg',
      timestamp: stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_KEYS, censor: REDACTED },
      mixin() {
        const ctx = currentRequestContext();
        // The OpenTelemetry log data model's trace_id and span_id: a line joins its span.
        const ids = activeSpanIds();
        const fields: LogFields = ids ? { trace_id: ids.traceId, span_id: ids.spanId } : {};
        if (ctx) fields.request_id = ctx.requestId;
        if (ctx?.merchantId) fields.merchant_id = ctx.merchantId;
        return fields;
      },
    },
    destination,
  );
  return wrap(logger as unknown as Pino);
}
