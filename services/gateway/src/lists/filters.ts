import { validationError } from '@vrp/errors';
import { unstorableText } from '@vrp/public-api';
import { idParam } from '../validation/ids.js';

/** How one endpoint-specific filter parameter is read and normalised. */
export interface FilterSpec<T> {
  parse(param: string, raw: string): T;
}

/** A filter holding a resource id; one that cannot be an id is a validation_error naming it. */
export function idFilter(): FilterSpec<string> {
  return { parse: idParam };
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
        if (!(values as readonly string[]).includes(part))
          throw validationError(param, `${param} must be one of ${values.join(', ')}; got '${part}'`);
      }
      return [...new Set(parts as V[])].sort();
    },
  };
}

/**
 * A filter on a text value compared as a whole: 1 to `maxLength` characters of text that can be
 * stored (no NUL, no unpaired surrogate), and, when given, of `shape` (else `shapeMessage`).
 */
export function textFilter(maxLength: number, shape?: { pattern: RegExp; message: string }): FilterSpec<string> {
  return {
    parse(param, raw) {
      if (raw.length === 0 || raw.length > maxLength) throw validationError(param, `${param} must be 1 to ${maxLength} characters`);
      const unstorable = unstorableText(raw);
      if (unstorable) throw validationError(param, `${param} ${unstorable}`);
      if (shape && !shape.pattern.test(raw)) throw validationError(param, `${param} ${shape.message}`);
      return raw;
    },
  };
}
