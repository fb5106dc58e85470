import { currentRequestContext } from './context.js';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

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

/**
 * Creates a logger for `service`. The current request id (see withRequestContext) is added
 * to every line. `write` defaults to stdout; tests pass their own.
 */
export function createLogger(
  service: string,
  options: { level?: LogLevel; base?: LogFields; write?: (line: string) => void } = {},
): Logger {
  const min = RANK[options.level ?? 'info'];
  const write = options.write ?? ((line: string) => process.stdout.write(line + '\n'));
  const base = options.base ?? {};
  const emit = (level: LogLevel, msg: string, fields?: LogFields) => {
    if (RANK[level] < min) return;
    const ctx = currentRequestContext();
    const record: LogFields = { time: new Date().toISOString(), level, service, msg, ...base };
    if (ctx?.requestId) record.request_id = ctx.requestId;
    if (ctx?.merchantId) record.merchant_id = ctx.merchantId;
    for (const [k, v] of Object.entries(fields ?? {})) record[k] = serialise(v);
    write(JSON.stringify(record, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)));
  };
  return {
    debug: (m, f) => emit('debug', m, f),
    info: (m, f) => emit('info', m, f),
    warn: (m, f) => emit('warn', m, f),
    error: (m, f) => emit('error', m, f),
    child: (fields) => createLogger(service, { ...options, base: { ...base, ...fields } }),
  };
}
