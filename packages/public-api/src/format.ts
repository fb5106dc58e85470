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
export function enumString(enumObject: Record<number, string>, value: number, prefix: string): string | null {
  if (value === 0) return null;
  const name = enumObject[value];
  if (name === undefined) throw new Error(`unknown enum value ${value} for ${prefix}`);
  return name.startsWith(prefix) ? name.slice(prefix.length).toLowerCase() : name.toLowerCase();
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
export function requiredEnum(enumObject: Record<number, string>, value: number, prefix: string): string {
  const text = enumString(enumObject, value, prefix);
  if (text === null) throw new Error(`${prefix}UNSPECIFIED is not a valid value here`);
  return text;
}
