/** A parser of one environment variable; returns the value or throws a message for the operator. */
export interface Setting<T> {
  readonly name: string;
  parse(raw: string | undefined): T;
}

type Opts<T> = { default?: T; doc?: string };

function make<T>(name: string, opts: Opts<T>, convert: (raw: string) => T): Setting<T> {
  return {
    name,
    parse(raw) {
      if (raw === undefined || raw === '') {
        if (opts.default !== undefined) return opts.default;
        throw new Error('is required');
      }
      return convert(raw);
    },
  };
}

/** A string setting. */
export function str(name: string, opts: Opts<string> = {}): Setting<string> {
  return make(name, opts, (raw) => raw);
}

/** A whole-number setting, optionally bounded. */
export function int(name: string, opts: Opts<number> & { min?: number; max?: number } = {}): Setting<number> {
  return make(name, opts, (raw) => {
    if (!/^-?\d+$/.test(raw)) throw new Error(`must be a whole number, got '${raw}'`);
    const n = Number(raw);
    if (opts.min !== undefined && n < opts.min) throw new Error(`must be at least ${opts.min}, got ${n}`);
    if (opts.max !== undefined && n > opts.max) throw new Error(`must be at most ${opts.max}, got ${n}`);
    return n;
  });
}

/** A boolean setting: true/false/1/0. */
export function bool(name: string, opts: Opts<boolean> = {}): Setting<boolean> {
  return make(name, opts, (raw) => {
    if (/^(true|1|yes)$/i.test(raw)) return true;
    if (/^(false|0|no)$/i.test(raw)) return false;
    throw new Error(`must be true or false, got '${raw}'`);
  });
}

/** One of a fixed set of strings. */
export function oneOf<const T extends string>(name: string, values: readonly T[], opts: Opts<T> = {}): Setting<T> {
  return make(name, opts, (raw) => {
    if (!(values as readonly string[]).includes(raw)) throw new Error(`must be one of ${values.join(', ')}, got '${raw}'`);
    return raw as T;
  });
}

/** Parses "250ms", "10s", "5m", "24h" or a bare number of milliseconds. */
export function parseDuration(raw: string): number {
  const m = /^(\d+)(ms|s|m|h)?$/.exec(raw.trim());
  if (!m) throw new Error(`must be a duration such as 500ms, 10s, 5m or 24h, got '${raw}'`);
  const n = Number(m[1]);
  const unit = m[2] ?? 'ms';
  return n * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[unit]!;
}

/** A duration setting, in milliseconds. */
export function duration(name: string, opts: Opts<number> = {}): Setting<number> {
  return make(name, opts, parseDuration);
}

/** A comma-separated list of durations, in milliseconds. */
export function durationList(name: string, opts: Opts<number[]> = {}): Setting<number[]> {
  return make(name, opts, (raw) => raw.split(',').map((part) => parseDuration(part)));
}

/** A comma-separated list of strings. */
export function list(name: string, opts: Opts<string[]> = {}): Setting<string[]> {
  return make(name, opts, (raw) =>
    raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
}

/** A setting that may be left unset: undefined then, otherwise parsed by `setting`. */
export function optional<T>(setting: Setting<T>): Setting<T | undefined> {
  return {
    name: setting.name,
    parse: (raw) => (raw === undefined || raw === '' ? undefined : setting.parse(raw)),
  };
}
