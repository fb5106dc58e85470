/**
 * Bundles one service for its container image: `<service-dir>/src/main.ts` → `<service-dir>/dist/main.js`.
 *
 *   tsx tools/build/bundle.ts services/payment      (from the repo root)
 *   tsx ../../tools/build/bundle.ts .               (a service's `build` script)
 *
 *   tsx tools/build/bundle.ts services/gateway src/cli/main.ts dist/cli.js   (another entry)
 *
 * Everything is compiled into the one file: the workspace packages (`@vrp/*`, TypeScript source),
 * the generated Prisma client with its query compiler (WebAssembly shipped as base64 modules) and
 * every npm package, so a runtime image needs Node and this file, no node_modules. Only optional
 * native add-ons nothing here uses (NEVER_BUNDLED) stay imports.
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

/** Optional native add-ons some packages try to load (pg's pg-native): left as imports that are never taken. */
const keepNpmPackagesExternal: Plugin = {
  name: 'vrp-keep-npm-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      NEVER_BUNDLED.some((n) => args.path === n || args.path.startsWith(`${n}/`)) ? { path: args.path, external: true } : undefined,
    );
  },
};
const NEVER_BUNDLED = ['pg-native'];

export interface BundleResult {
  outfile: string;
  bytes: number;
}

/**
 * Bundles `serviceDir` (absolute or relative to the cwd). Throws an Error with a one-line
 * message when the entry is missing or esbuild fails (esbuild has already printed details).
 */
export async function bundleService(serviceDir: string, entryPath = 'src/main.ts', outPath = 'dist/main.js'): Promise<BundleResult> {
  const dir = resolve(serviceDir);
  const entry = resolve(dir, entryPath);
  if (!existsSync(entry)) throw new Error(`no entry point: ${entry} does not exist`);
  const outfile = resolve(dir, outPath);
  try {
    await build({
      entryPoints: [entry],
      outfile,
      bundle: true,
      platform: 'node',
      target: 'node24',
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
  writeFileSync(join(dirname(outfile), 'package.json'), '{ "type": "module" }\n');
  return { outfile, bytes: statSync(outfile).size };
}

async function main(argv: string[]): Promise<number> {
  const [serviceDir, entry, out, ...extra] = argv;
  if (!serviceDir || extra.length > 0 || (entry && !out)) {
    console.error('usage: tsx tools/build/bundle.ts <service-dir> [<entry> <outfile>]   (e.g. services/payment, or . from a service)');
    return 2;
  }
  try {
    const { outfile, bytes } = await bundleService(serviceDir, entry, out);
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
