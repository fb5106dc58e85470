/** Where tests find Postgres and NATS; override for a non-local setup. */
export const TEST_DATABASE_ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
export const TEST_NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
