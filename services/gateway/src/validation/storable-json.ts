import { validationError } from '@vrp/errors';
import { unstorableText } from '@vrp/public-api';

/** Deepest nesting a request body may have; the deepest documented body (metadata) needs 2. */
export const MAX_BODY_DEPTH = 32;

/**
 * Refuses a parsed JSON body holding anything the platform could not store and give back
 * exactly: nesting deeper than MAX_BODY_DEPTH, text with NUL or unpaired surrogates (in values
 * and in keys), and numbers that lost precision in parsing (integers beyond 2^53) or are not
 * finite. Walks with an explicit stack, so a hostile depth cannot overflow the call stack;
 * runs before anything else looks at the body (the idempotency fingerprint included).
 * The param names the place like `metadata[plan]`.
 */
export function assertStorableJson(body: unknown): void {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: body, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    const param = path || 'body';
    if (typeof value === 'string') {
      const why = unstorableText(value);
      if (why) throw validationError(param, `${param} ${why}`);
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value) || (Number.isInteger(value) && !Number.isSafeInteger(value))) {
        throw validationError(
          param,
          `${param} must be a number that can be stored exactly (integers at most 2^53 - 1); send large numbers as strings`,
        );
      }
    } else if (value !== null && typeof value === 'object') {
      if (depth >= MAX_BODY_DEPTH) throw validationError(param, `The request body may be nested at most ${MAX_BODY_DEPTH} levels deep`);
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}[${key}]` : key;
        const why = unstorableText(key);
        if (why) throw validationError(childPath, `Field names ${why}`);
        stack.push({ value: child, path: childPath, depth: depth + 1 });
      }
    }
  }
}
