/* global process, console -- plain Node script: the shared ESLint config declares no Node globals for .mjs */
// Used only inside the image build (deploy/docker/Dockerfile), on the image's copy of the root
// package.json: moves the named devDependencies into dependencies so that
// `npm install --omit=dev` keeps them. The migration Job runs the stock
// `prisma migrate deploy` from the service image, so the Prisma CLI and the adapter that
// prisma.config.ts loads must survive the production-only install; the repo keeps them as
// dev tools. Fails loudly on an unknown name so a renamed dependency cannot silently produce
// an image whose migration Job has no CLI.
//
//   node promote-to-runtime.mjs <package.json> <name>...
import { readFileSync, writeFileSync } from 'node:fs';

const [file, ...names] = process.argv.slice(2);
if (!file || names.length === 0) {
  console.error('usage: node promote-to-runtime.mjs <package.json> <dependency-name>...');
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(file, 'utf8'));
manifest.dependencies ??= {};
for (const name of names) {
  const spec = manifest.devDependencies?.[name] ?? manifest.dependencies[name];
  if (!spec) {
    console.error(`promote-to-runtime: ${name} is in neither dependencies nor devDependencies of ${file}`);
    process.exit(1);
  }
  delete manifest.devDependencies?.[name];
  manifest.dependencies[name] = spec;
}
writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`promote-to-runtime: ${names.join(', ')} are runtime dependencies in this image`);
