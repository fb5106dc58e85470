/**
 * Just enough of Go's text/template syntax to check Helm templates without helm: the actions
 * (`{{ … }}`), whether their blocks nest, which named templates exist and which are used.
 */

export interface Action {
  /** The action's text without delimiters, trim markers or surrounding space. */
  body: string;
  /** Offset of `{{` in the source. */
  at: number;
}

export function actions(source: string): Action[] {
  const out: Action[] = [];
  for (const m of source.matchAll(/\{\{-?\s*([\s\S]*?)\s*-?\}\}/g)) {
    if (!m[1]!.startsWith('/*')) out.push({ body: m[1]!, at: m.index });
  }
  return out;
}

const OPENERS = new Set(['if', 'range', 'with', 'define', 'block']);

/** Problems with block nesting ("end" without opener, unclosed opener); empty when balanced. */
export function nestingProblems(source: string): string[] {
  const stack: string[] = [];
  const problems: string[] = [];
  for (const { body } of actions(source)) {
    const word = body.split(/\s+/)[0] ?? '';
    if (OPENERS.has(word)) stack.push(body);
    else if (word === 'end' && stack.pop() === undefined) problems.push('`end` without an opening block');
  }
  for (const open of stack) problems.push(`unclosed {{ ${open} }}`);
  return problems;
}

/** Named templates defined in `source`, with the text between each define and its end. */
export function defines(source: string): Map<string, string> {
  const found = new Map<string, string>();
  const acts = actions(source);
  for (let i = 0; i < acts.length; i++) {
    const m = /^define\s+"([^"]+)"$/.exec(acts[i]!.body);
    if (!m) continue;
    let depth = 0;
    for (let j = i + 1; j < acts.length; j++) {
      const word = acts[j]!.body.split(/\s+/)[0] ?? '';
      if (OPENERS.has(word)) depth++;
      else if (word === 'end' && depth-- === 0) {
        found.set(m[1]!, source.slice(acts[i]!.at, acts[j]!.at));
        break;
      }
    }
  }
  return found;
}

/** Names passed to `include "…"` / `template "…"`. */
export function includes(source: string): string[] {
  return [...source.matchAll(/\b(?:include|template)\s+"([^"]+)"/g)].map((m) => m[1]!);
}

/** Dotted paths read under `.Values` (from `.Values`, `$.Values` or `.root.Values`). */
export function valuesPaths(source: string): string[] {
  return [...source.matchAll(/Values((?:\.[A-Za-z_][\w-]*)+)/g)].map((m) => m[1]!.slice(1));
}
