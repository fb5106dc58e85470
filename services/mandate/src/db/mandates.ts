import type { Mandate } from '../generated/prisma/client.js';

/** A stored mandate, in Prisma's shape (the raw-SQL paths in mandate-sql.ts return it too). */
export type MandateRow = Mandate;
