// Prisma CLI configuration (migrate deploy; the gateway generates no client). Uses the WebAssembly engines so it works
// offline; migrations record their history inside this service's own schema.
import { PrismaPg } from '@prisma/adapter-pg-7';
import { defineConfig } from 'prisma/config';

const SCHEMA = 'gateway';

export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  adapter: async () =>
    new PrismaPg({
      connectionString: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/vrp_sandbox',
      options: `-c search_path=${SCHEMA}`,
      allowExitOnIdle: true,
    }),
});
