import type { Setting } from './settings.js';

/** Thrown at boot when settings are missing or malformed; the message has one line per problem. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Values<S> = { readonly [K in keyof S]: S[K] extends Setting<infer T> ? T : never };

/**
 * Reads every setting of `spec` from `env`, collecting all problems before failing, and
 * returns a frozen, typed object. Services call it once, from their config.ts.
 */
export function loadConfig<S extends Record<string, Setting<unknown>>>(spec: S, env: NodeJS.ProcessEnv): Values<S> {
  const out: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [key, setting] of Object.entries(spec)) {
    try {
      out[key] = setting.parse(env[setting.name]);
    } catch (err) {
      problems.push(`${setting.name} ${(err as Error).message}`);
    }
  }
  if (problems.length) throw new ConfigError(problems);
  return Object.freeze(out) as Values<S>;
}
