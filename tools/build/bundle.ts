/**
 * Bundles one service for its container image: `<service-dir>/src/main.ts` → `<service-dir>/dist/main.js`.
 *
 *   tsx tools/build/bundle.ts services/payment      (from the repo root)
 *   tsx ../../tools/build/bundle.ts .               (a service's `build` script)
 *
 * Workspace packages (`@vrp/*`) export TypeScript source and the generated Prisma client lives in
 * the service's src/, so both must be compiled into the bundle; every other npm package is
 * installed in the image and stays an import, which keeps native/wasm assets and licences intact.
 */
import { build, type Plugin } from 'esbuild';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

// An ESM bundle has no `require`; esbuild's __require shim (used when bundled code calls
// require() on a builtin or an external) needs a real one, hence the banner.
const CREATE_REQUIRE_BANNER = [
  "import { createRequire as __vrpCreateRequire } from 'node:module';",
  'const require = __vrpCreateRequire(import.meta.url);',
].join('\n');

/** Bare specifiers other than `@vrp/*` are npm packages or Node builtins: leave them as imports. */
const keepNpmPackagesExternal: Plugin = {
  name: 'vrp-keep-npm-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@vrp/') ? undefined : { path: args.path, external: true }));
  },
};

export interface BundleResult {
  outfile: string;
  bytes: number;
}

/**
 * Bundles `serviceDir` (absolute or relative to the cwd). Throws an Error with a one-line
 * message when the entry is missing or esbuild fails (esbuild has already printed details).
 */
export async function bundleService(serviceDir: string): Promise<BundleResult> {
  const dir = resolve(serviceDir);
  const entry = join(dir, 'src', 'main.ts');
  if (!existsSync(entry)) throw new Error(`no entry point: ${entry} does not exist`);
  const outfile = join(dir, 'dist', 'main.js');
  try {
    await build({
      entryPoints: [entry],
      outfile,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      sourcemap: true, // the image sets NODE_OPTIONS=--enable-source-maps so stacks point at .ts
      banner: { js: CREATE_REQUIRE_BANNER },
      plugins: [keepNpmPackagesExternal],
      // Lets a service directory outside the workspace (the deploy-check fixture) still find @vrp/*.
      nodePaths: [join(repoRoot, 'node_modules')],
      logLevel: 'warning',
    });
  } catch {
    throw new Error(`esbuild failed to bundle ${entry} (errors above)`);
  }
  // Marks dist/*.js as ESM whatever package.json sits above it (Node would otherwise read them as CommonJS).
  writeFileSync(join(dir, 'dist', 'package.json'), '{ "type": "module" }\n');
  return { outfile, bytes: statSync(outfile).size };
}

async function main(argv: string[]): Promise<number> {
  const [serviceDir, ...extra] = argv;
  if (!serviceDir || extra.length > 0) {
    console.error('usage: tsx tools/build/bundle.ts <service-dir>   (e.g. services/payment, or . from a service)');
    return 2;
  }
  try {
    const { outfile, bytes } = await bundleService(serviceDir);
    console.log(`bundled ${relative(process.cwd(), outfile) || outfile} (${(bytes / 1024).toFixed(1)} KiB)`);
    return 0;
  } catch (err) {
    console.error(`bundle: ${(err as Error).message}`);
    return 1;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
