/** Thrown for bad command-line input; main prints the message (and usage) and exits 1. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Parsed `--name value` / `--flag` options, with the positional words before them. */
export interface ParsedArgs {
  words: string[];
  options: Map<string, string | true>;
}

/** Splits argv into positional words and `--options` (`--x value`, `--x=value` or a bare `--flag`). */
export function parseArgs(argv: string[]): ParsedArgs {
  const words: string[] = [];
  const options = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) {
      words.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (inline !== undefined) options.set(name, inline);
    else if (argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('--')) options.set(name, argv[++i]!);
    else options.set(name, true);
  }
  return { words, options };
}

/** Reads the options a command declares, refusing unknown ones and missing required ones. */
export function readOptions(
  parsed: ParsedArgs,
  spec: Record<string, { value: boolean; required?: boolean }>,
): Record<string, string | boolean | undefined> {
  const out: Record<string, string | boolean | undefined> = {};
  for (const [name, value] of parsed.options) {
    const option = spec[name];
    if (!option) throw new UsageError(`unknown option --${name}`);
    if (option.value && value === true) throw new UsageError(`--${name} needs a value`);
    if (!option.value && value !== true) throw new UsageError(`--${name} takes no value`);
    out[name] = value;
  }
  for (const [name, option] of Object.entries(spec)) {
    if (option.required && out[name] === undefined) throw new UsageError(`--${name} is required`);
  }
  return out;
}
