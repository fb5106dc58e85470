import { consentByGrant } from '../db/consents.js';
import type { Deps } from '../deps.js';

/** The consent an authorization-code token was issued for (through its grant), if any. */
export async function consentOfGrant(deps: Deps, grantId: string | undefined): Promise<string | undefined> {
  return grantId ? (await consentByGrant(deps.db, grantId))?.id : undefined;
}
