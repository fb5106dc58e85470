// The contract messages of stored rows are also what the mandate service's events carry, so they are
// rendered below the events, in db/mandate-messages.ts; handlers and clients read them here.
export * from './db/mandate-messages.js';
