/* global process, console -- plain Node script: the shared ESLint config declares no Node globals for .mjs */
// Used inside the image build (deploy/docker/Dockerfile, tools stage): copies the named npm
// packages and everything they need at run time (dependencies, installed optionalDependencies,
// required peerDependencies, found the way Node resolves them) from an installed workspace into
// another directory, keeping each at its path under node_modules. The tools image gets the
// Prisma CLI and its adapter at exactly the versions the lockfile installed, without the
// workspace's other few hundred packages. Fails on a name that is not installed.
//
//   node copy-packages.mjs <from-dir> <to-dir> <name>...
import { cpSync, existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The directory Node would load `name` from, starting at `fromDir` and walking up to `root`. */
function resolvePackage(root, fromDir, name) {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (relative(root, dir) === '' || dir === dirname(dir)) return undefined;
  }
}

/** Every package directory `names` need, resolved from `root` (a set of absolute paths). */
export function packageClosure(root, names) {
  const found = new Set();
  const pending = names.map((name) => ({ from: root, name, required: true }));
  while (pending.length > 0) {
    const { from, name, required } = pending.pop();
    const dir = resolvePackage(root, from, name);
    if (!dir) {
      if (required) throw new Error(`${name} is not installed (needed from ${relative(root, from) || '.'})`);
      continue;
    }
    if (found.has(dir)) continue;
    found.add(dir);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const optionalPeers = manifest.peerDependenciesMeta ?? {};
    for (const dep of Object.keys(manifest.dependencies ?? {})) pending.push({ from: dir, name: dep, required: true });
    for (const dep of Object.keys(manifest.optionalDependencies ?? {})) pending.push({ from: dir, name: dep, required: false });
    for (const dep of Object.keys(manifest.peerDependencies ?? {})) {
      if (!optionalPeers[dep]?.optional) pending.push({ from: dir, name: dep, required: false });
    }
  }
  return found;
}

function main(argv) {
  const [from, to, ...names] = argv;
  if (!from || !to || names.length === 0) {
    console.error('usage: node copy-packages.mjs <from-dir> <to-dir> <package-name>...');
    return 2;
  }
  let closure;
  try {
    closure = packageClosure(from, names);
  } catch (err) {
    console.error(`copy-packages: ${err.message}`);
    return 1;
  }
  for (const dir of closure) cpSync(dir, join(to, relative(from, dir)), { recursive: true, verbatimSymlinks: true });
  console.log(`copy-packages: ${closure.size} packages for ${names.join(', ')}`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = main(process.argv.slice(2));
