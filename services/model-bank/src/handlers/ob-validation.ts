import { ERROR_CODES } from '@vrp/open-banking';
import type { z } from 'zod';
import { throwProblems, type Problem } from '../domain/errors.js';

/** An OB path: Data.ControlParameters.PeriodicLimits[0].Amount. */
export function obPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)), '');
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>(
    (v, key) => (v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[key] : undefined),
    value,
  );
}

/** The body as JSON, or 400 U010 (the resource cannot read it). */
export function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throwProblems([{ code: ERROR_CODES.invalidFormat, message: 'the body is not JSON' }]);
  }
}

/**
 * The body checked against its OB schema: every problem at once, as the profile's codes say —
 * a missing field U004, a malformed date U003, any other invalid value U002 — each with its Path.
 */
export function validate<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const problems: Problem[] = parsed.error.issues.slice(0, 20).map((issue) => {
    const path = obPath(issue.path);
    const missing = issue.code === 'invalid_type' && valueAt(body, issue.path) === undefined;
    const date = issue.code === 'invalid_format' && (issue as { format?: string }).format === 'datetime';
    return {
      code: missing ? ERROR_CODES.missingField : date ? ERROR_CODES.invalidDate : ERROR_CODES.invalidField,
      message: missing ? 'is required' : issue.message,
      ...(path ? { path } : {}),
    };
  });
  throwProblems(problems);
  throw new Error('unreachable');
}
