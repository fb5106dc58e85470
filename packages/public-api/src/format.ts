import type { Timestamp } from '@bufbuild/protobuf/wkt';

/**
 * A protobuf Timestamp as an ISO 8601 UTC string with millisecond precision, or null when the
 * field is unset. Every timestamp in the public API goes through here so they all look alike.
 */
export function isoTimestamp(ts: Timestamp | undefined): string | null {
  if (!ts) return null;
  const millis = Number(ts.seconds) * 1000 + Math.floor(ts.nanos / 1_000_000);
  return new Date(millis).toISOString();
}

/** Like isoTimestamp for fields that are always set (created_at); a missing value is a bug upstream. */
export function requiredTimestamp(ts: Timestamp | undefined, field: string): string {
  const iso = isoTimestamp(ts);
  if (iso === null) throw new Error(`${field} is missing from the contract message`);
  return iso;
}

/**
 * The public string of a proto enum value: `PENDING_SCA` (or `MANDATE_STATUS_PENDING_SCA`, the
 * proto name; generated enums drop the prefix) becomes `pending_sca`. Unspecified (0) becomes null.
 */
export function enumString<S extends string = string>(enumObject: Record<number, string>, value: number, prefix: string): S | null {
  if (value === 0) return null;
  const name = enumObject[value];
  if (name === undefined) throw new Error(`unknown enum value ${value} for ${prefix}`);
  // The proto enum and the public string list are kept in step by the presenters' tests.
  return (name.startsWith(prefix) ? name.slice(prefix.length).toLowerCase() : name.toLowerCase()) as S;
}

/**
 * The enum value for a public string (case-insensitive), the inverse of enumString; undefined
 * when the string names no value of the enum.
 */
export function enumValue<E extends number>(enumObject: Record<string, string | number>, text: string, prefix: string): E | undefined {
  const name = text.toUpperCase();
  const value = enumObject[name] ?? enumObject[`${prefix}${name}`];
  return typeof value === 'number' && value !== 0 ? (value as E) : undefined;
}

/** Like enumString for fields that always carry a value (status); unspecified is a bug upstream. */
export function requiredEnum<S extends string = string>(enumObject: Record<number, string>, value: number, prefix: string): S {
  const text = enumString<S>(enumObject, value, prefix);
  if (text === null) throw new Error(`${prefix}UNSPECIFIED is not a valid value here`);
  return text;
}

/** `value` when it is one of `values` (the public strings of a field); anything else is a bug upstream. */
export function member<const V extends readonly string[]>(values: V, value: string, field: string): V[number] {
  if (!(values as readonly string[]).includes(value)) throw new Error(`${field} '${value}' is not one of ${values.join(', ')}`);
  return value as V[number];
}

/** Metadata as the services stored it: already checked by validateMetadata on the way in. */
export function storedMetadata(metadata: object | undefined): Record<string, string | number> {
  return (metadata ?? {}) as Record<string, string | number>;
}
