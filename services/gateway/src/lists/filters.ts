import { validationError } from '@vrp/errors';

/** How one endpoint-specific filter parameter is read and normalised. */
export interface FilterSpec<T> {
  parse(param: string, raw: string): T;
}

/** A filter holding an identifier or other short opaque string. */
export function idFilter(): FilterSpec<string> {
  return {
    parse(param, raw) {
      if (raw.length === 0 || raw.length > 255) throw validationError(param, `${param} must be a non-empty identifier`);
      return raw;
    },
  };
}

/**
 * A filter over a fixed set of lowercase values, case-insensitive; several may be given
 * comma-separated. Normalised to a sorted, de-duplicated list so equal filters hash equal.
 */
export function enumFilter<const V extends string>(values: readonly V[]): FilterSpec<V[]> {
  return {
    parse(param, raw) {
      const parts = raw.split(',').map((p) => p.trim().toLowerCase());
      for (const part of parts) {
        if (!(values as readonly string[]).includes(part)) throw validationError(param, `${param} must be one of ${values.join(', ')}; got '${part}'`);
      }
      return [...new Set(parts as V[])].sort();
    },
  };
}
