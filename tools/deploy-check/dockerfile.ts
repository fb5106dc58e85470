/**
 * A Dockerfile read into stages and instructions, enough to check its structure without a
 * Docker engine: line continuations are joined, heredoc bodies kept with their RUN, comments
 * and parser directives dropped.
 */

export interface Instruction {
  keyword: string;
  /** Everything after the keyword, continuations joined; a heredoc body follows after "\n". */
  args: string;
}

export interface Stage {
  name: string;
  from: string;
  instructions: Instruction[];
}

export interface Dockerfile {
  directives: Record<string, string>;
  /** Instructions before the first FROM (global ARGs). */
  globals: Instruction[];
  stages: Stage[];
}

export function parseDockerfile(text: string): Dockerfile {
  const lines = text.split('\n');
  const directives: Record<string, string> = {};
  const globals: Instruction[] = [];
  const stages: Stage[] = [];
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!;
    const directive = /^#\s*(syntax|escape|check)\s*=\s*(\S+)/.exec(line);
    if (directive && stages.length === 0 && globals.length === 0) directives[directive[1]!] = directive[2]!;
    if (/^\s*(#|$)/.test(line)) continue;
    while (line.endsWith('\\') && i + 1 < lines.length) {
      i++;
      if (!/^\s*#/.test(lines[i]!)) line = `${line.slice(0, -1)} ${lines[i]!.trim()}`;
    }
    const heredoc = /<<-?'?"?(\w+)'?"?/.exec(line);
    if (heredoc) {
      const body: string[] = [];
      while (i + 1 < lines.length && lines[++i] !== heredoc[1]) body.push(lines[i]!);
      line = `${line}\n${body.join('\n')}`;
    }
    const [, keyword = '', args = ''] = /^\s*(\w+)\s*([\s\S]*)$/.exec(line) ?? [];
    const ins = { keyword: keyword.toUpperCase(), args };
    if (ins.keyword === 'FROM') {
      const m = /^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?/i.exec(args);
      stages.push({ from: m?.[1] ?? '', name: m?.[2] ?? String(stages.length), instructions: [] });
    } else if (stages.length === 0) globals.push(ins);
    else stages.at(-1)!.instructions.push(ins);
  }
  return { directives, globals, stages };
}

/** The stage's instructions of one kind. */
export const ofKind = (stage: Stage | undefined, keyword: string): Instruction[] =>
  stage?.instructions.filter((i) => i.keyword === keyword) ?? [];

/**
 * The command of the last HEALTHCHECK of a stage, in exec form (`HEALTHCHECK [--opt=…] CMD […]`);
 * undefined when there is none or it is not a JSON array (shell form needs a shell the images lack).
 */
export function healthcheckCommand(stage: Stage | undefined): string[] | undefined {
  const args = ofKind(stage, 'HEALTHCHECK').at(-1)?.args;
  const exec = args && /^(?:--\S+\s+)*CMD\s+(\[[\s\S]*\])\s*$/.exec(args);
  if (!exec) return undefined;
  try {
    const command: unknown = JSON.parse(exec[1]!);
    return Array.isArray(command) && command.every((c) => typeof c === 'string') ? command : undefined;
  } catch {
    return undefined;
  }
}
