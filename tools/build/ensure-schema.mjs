/* global process, console -- plain Node script: the shared ESLint config declares no Node globals for .mjs */
// Creates a service's Postgres schema when it is missing (copied into every image as
// /app/ensure-schema.mjs; the chart runs it as the migration Job's init container).
//
// Why: each prisma.config.ts connects with search_path=<schema> so `_prisma_migrations` lives in
// the service's own schema, and on a fresh database that schema does not exist yet, so the
// stock `prisma migrate deploy` fails with "no schema has been selected to create in".
// An existing schema is left alone without needing CREATE on the database, so a DBA may
// pre-create schemas and grant the service role less.
//
//   DATABASE_URL=postgresql://… node ensure-schema.mjs <schema>
import pg from 'pg';

const [schema, ...extra] = process.argv.slice(2);
if (!schema || extra.length > 0 || !/^[a-z_][a-z0-9_]*$/.test(schema)) {
  console.error('usage: DATABASE_URL=… node ensure-schema.mjs <schema>   (lower-case identifier)');
  process.exit(2);
}
if (!process.env.DATABASE_URL) {
  console.error('ensure-schema: DATABASE_URL is not set');
  process.exit(2);
}

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
try {
  await client.connect();
  const found = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
  if (found.rowCount === 0) {
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    console.log(`ensure-schema: created schema ${schema}`);
  } else {
    console.log(`ensure-schema: schema ${schema} exists`);
  }
} catch (err) {
  console.error(`ensure-schema: ${err.message}`);
  process.exitCode = 1;
} finally {
  await client.end().catch(() => {});
}
