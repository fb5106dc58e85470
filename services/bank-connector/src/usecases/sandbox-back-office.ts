import { ApiError } from '@vrp/errors';
import type { BackOffice } from '../clients/back-office.js';
import type { Deps } from '../deps.js';

/** The model bank's back office; not_found where there is none (production, or a bank that is not the model bank). */
export function sandboxBackOffice(deps: Deps): BackOffice {
  if (!deps.backOffice) throw new ApiError('not_found', 'The sandbox bank exists only in sandbox, with the model bank.');
  return deps.backOffice;
}
