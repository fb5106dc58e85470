/**
 * The documentation refers only to what is in the repository: no tracked file names a document
 * that is not in it, and every relative link of a tracked Markdown file leads to a file or
 * folder that exists, and to a heading of it when the link names one.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Documents that were never in the repository (spelled in pieces so this file does not name them). */
const ABSENT_DOCUMENTS = ['API', 'SPEC', 'TOOLCHAIN', 'STYLE'].map((name) => `${name}.md`);

/** Tracked files, less the lockfile and generated or built output. */
const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  .split('\0')
  .filter(Boolean)
  .filter((file) => path.basename(file) !== 'package-lock.json')
  .filter((file) => !file.split('/').some((part) => part === 'generated' || part === 'dist' || part === 'node_modules'))
  .filter((file) => existsSync(path.join(root, file)));

/** The text of a tracked file, or null for a binary one (it has a NUL byte). */
function text(file: string): string | null {
  const bytes = readFileSync(path.join(root, file));
  return bytes.includes(0) ? null : bytes.toString('utf8');
}

/** Markdown without fenced code blocks, whose lines are neither headings nor links. */
function withoutFences(markdown: string): string {
  return markdown.replace(/^( {0,3})(```|~~~)[^\n]*\n[\s\S]*?^\1\2[^\n]*$/gm, '');
}

/** Markdown without fenced code blocks and inline code spans, whose brackets are not links. */
function withoutCode(markdown: string): string {
  return withoutFences(markdown).replace(/(`+)[^`\n]*?\1/g, '');
}

/** The targets of the inline links and images, and of link reference definitions. */
function linkTargets(markdown: string): string[] {
  const body = withoutCode(markdown);
  const inline = [...body.matchAll(/!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
  const references = [...body.matchAll(/^ {0,3}\[[^\]\n]+\]:\s*<?(\S+?)>?(?:\s+.*)?$/gm)].map((m) => m[1]!);
  return [...inline, ...references];
}

/**
 * The anchors of a Markdown file's headings, as GitHub makes them: lower case, punctuation
 * dropped, spaces as hyphens, and `-1`, `-2`, … after a repeated one.
 */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of withoutFences(markdown).matchAll(/^ {0,3}#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = heading!
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

/** Whether a link target is a path in the repository (not a URL, a mail address or an anchor of the same page). */
const isRelative = (target: string) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#') && !target.startsWith('//');

describe('references in the repository', () => {
  it('finds the tracked files and Markdown documents', () => {
    expect(tracked).toContain('README.md');
    expect(tracked.filter((f) => f.endsWith('.md')).length).toBeGreaterThan(10);
  });

  it('names no document that is not in the repository', () => {
    const found: string[] = [];
    for (const file of tracked) {
      const content = text(file);
      if (content === null) continue;
      content.split('\n').forEach((line, i) => {
        for (const name of ABSENT_DOCUMENTS) if (line.includes(name)) found.push(`${file}:${i + 1} names ${name}`);
      });
    }
    expect(found).toEqual([]);
  });

  it('links, in every Markdown file, only to files that exist', () => {
    const broken: string[] = [];
    for (const file of tracked.filter((f) => f.endsWith('.md'))) {
      for (const target of linkTargets(text(file) ?? '').filter(isRelative)) {
        const pathPart = decodeURI(target.replace(/[#?].*$/, ''));
        if (!pathPart) continue;
        const resolved = pathPart.startsWith('/') ? path.join(root, pathPart) : path.resolve(root, path.dirname(file), pathPart);
        if (!resolved.startsWith(root) || !existsSync(resolved)) {
          broken.push(`${file} links to ${target}`);
          continue;
        }
        const anchor = /#(.+)$/.exec(target)?.[1];
        if (anchor && resolved.endsWith('.md') && !headingAnchors(readFileSync(resolved, 'utf8')).has(decodeURIComponent(anchor))) {
          broken.push(`${file} links to ${target}, a heading ${path.relative(root, resolved)} does not have`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('links, within every Markdown file, only to its own headings', () => {
    const broken: string[] = [];
    for (const file of tracked.filter((f) => f.endsWith('.md'))) {
      const content = text(file) ?? '';
      const anchors = headingAnchors(content);
      for (const target of linkTargets(content).filter((t) => t.startsWith('#') && t.length > 1)) {
        if (!anchors.has(decodeURIComponent(target.slice(1)))) broken.push(`${file} links to ${target}, a heading it does not have`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('makes the anchors GitHub makes', () => {
    const doc = '# The API\n## Sandbox clock (time travel)\n### `vrp trigger`, listen\n## Errors\n## Errors\n```\n# not a heading\n```\n';
    expect([...headingAnchors(doc)]).toEqual(['the-api', 'sandbox-clock-time-travel', 'vrp-trigger-listen', 'errors', 'errors-1']);
  });

  it('sees the links it checks: a missing target is found, code is not a link', () => {
    const sample = '[a](docs/a.md) ![b](b.png "t") [c](https://x.example) [d](#here)\n`[e](e.md)`\n```\n[f](f.md)\n```\n[g]: ../g.md\n';
    expect(linkTargets(sample).filter(isRelative)).toEqual(['docs/a.md', 'b.png', '../g.md']);
  });
});
