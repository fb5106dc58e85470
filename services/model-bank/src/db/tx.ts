import type { transaction } from '@vrp/sql';

/**
 * The connection of one transaction a db/ function opened (withConsent, withLockedPayment,
 * withClaimedKey, …): a use case deciding between statements passes it on to db/ queries, so
 * everything it writes commits together; it never opens or ends a transaction itself.
 */
export type Tx = Parameters<Parameters<typeof transaction>[1]>[0];
