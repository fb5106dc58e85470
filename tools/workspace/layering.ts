/**
 * The import rules every service keeps, as functions over a service's src/ folder, so the
 * workspace's skeleton test and the scaffold's test check the very same things.
 *
 * Layers, from the bottom: domain/ (pure) -> db/ (persistence) -> messages.ts (row -> proto
 * mappers) -> usecases/ -> handlers/ and jobs/ -> server.ts -> app.ts -> main.ts. An import may
 * only run down (or sideways inside one layer); one that runs up is a back arrow. Files outside
 * these layers (config.ts, deps.ts, index.ts, clients/) are not ranked, but db/ may not import
 * them, and they take part in the circle search. A service's own extra folders (the gateway's
 * routes/, exports/...) rank with handlers/.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Every .ts file under dir (generated code and unit specs excluded), relative to dir, '/'-separated. */
export function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const full = path.join(d, name);
      if (statSync(full).isDirectory()) {
        if (name !== 'generated' && name !== 'node_modules') walk(full);
      } else if (name.endsWith('.ts') && !name.endsWith('.spec.ts') && !name.endsWith('.d.ts')) {
        out.push(path.relative(dir, full).split(path.sep).join('/'));
      }
    }
  };
  walk(dir);
  return out;
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The relative import specifiers of one source text. */
export function relativeImports(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2] ?? m[3];
    if (spec?.startsWith('.')) out.push(spec);
  }
  return out;
}

/** The service's own import graph: file -> the files of src/ it imports (relative to src/). */
export function importGraph(src: string): Map<string, string[]> {
  const files = sourceFiles(src);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets: string[] = [];
    for (const spec of relativeImports(readFileSync(path.join(src, file), 'utf8'))) {
      const joined = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
      const base = joined.replace(/\.(js|ts)$/, '');
      const target = [`${base}.ts`, `${base}/index.ts`].find((f) => known.has(f));
      if (target && !targets.includes(target)) targets.push(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The layer of a file, lowest 0; undefined for files outside the layering. */
export function layerOf(file: string): number | undefined {
  if (file.startsWith('domain/')) return 0;
  if (file.startsWith('db/')) return 1;
  if (file === 'messages.ts') return 2;
  if (file.startsWith('usecases/')) return 3;
  if (file.startsWith('handlers/') || file.startsWith('jobs/')) return 4;
  if (file === 'server.ts') return 5;
  if (file === 'app.ts') return 6;
  if (file === 'main.ts') return 7;
  // a service's own edge folders (the gateway's routes/, middleware/, exports/, lists/...) sit with handlers/
  if (file.includes('/') && !file.startsWith('clients/')) return 4;
  return undefined;
}

/** Imports that run up the layering, as "file -> import"; domain/ may import nothing of the service but domain/. */
export function backArrows(src: string): string[] {
  const out: string[] = [];
  for (const [file, targets] of importGraph(src)) {
    const from = layerOf(file);
    if (from === undefined) continue;
    for (const target of targets) {
      const to = layerOf(target);
      // domain/ imports only domain/; db/ only db/ and domain/; the rest never a layer above its own
      const up = from === 0 ? to !== 0 : from === 1 ? to === undefined || to > 1 : to !== undefined && to > from;
      if (up) out.push(`${file} -> ${target}`);
    }
  }
  return out;
}

/** Every import circle of the service, each as "a -> b -> ... -> a" (found by a depth-first search). */
export function importCircles(src: string): string[] {
  const graph = importGraph(src);
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const found = new Set<string>();
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') {
        const loop = stack.slice(stack.indexOf(next));
        // one spelling per circle: start it at its smallest file
        const at = loop.indexOf([...loop].sort()[0]!);
        const turned = [...loop.slice(at), ...loop.slice(0, at)];
        found.add([...turned, turned[0]].join(' -> '));
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return [...found].sort();
}

/** The files that build a domain event or an outbox row ("file:line: text" for each place): one module per service may. */
export function eventBuilders(src: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const f of sourceFiles(src)) {
    readFileSync(path.join(src, f), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (/\b(newDomainEvent|outboxRow)\(/.test(line) && !/^\s*(\/\/|\*)/.test(line)) {
          found.set(f, [...(found.get(f) ?? []), `${f}:${i + 1}: ${line.trim()}`]);
        }
      });
  }
  return found;
}
