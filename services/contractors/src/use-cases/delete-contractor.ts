import type { ServiceContext } from '@leadmarket/platform';
import { deleteApiKeysOf } from '../db/api-key.repository.js';
import { anonymiseConsents } from '../db/consent.repository.js';
import { anonymise, findContractor } from '../db/contractor.repository.js';
import { retireTokensOf } from '../db/reset-token.repository.js';
import { rememberDeletedContact } from '../db/signup-credit.repository.js';
import type { Sessions } from './sessions.js';
import type { ContractorsDatabase } from '../db/database.js';

/**
 * An admin deletes a contractor: the account is anonymised, its contact remembered (hashed) so a new
 * signup with it gets no second credit, consents anonymised, reset links, API keys and sessions ended, and
 * ContractorDeleted announced, in one transaction. Returns the session-cache clearing to run after
 * commit, or undefined when there was no such live account.
 */
export function deleteContractor(
  ctx: ServiceContext<ContractorsDatabase>,
  sessions: Sessions,
  signupCreditSalt: string,
  id: string,
  adminId: string | undefined,
): Promise<(() => Promise<void>) | undefined> {
  return ctx.transaction(async (trx) => {
    const before = await findContractor(trx, id);
    if (!(await anonymise(trx, id, adminId))) return undefined;
    if (before) await rememberDeletedContact(trx, signupCreditSalt, { email: before.email, phone: before.phone });
    await anonymiseConsents(trx, id);
    await retireTokensOf(trx, id);
    await deleteApiKeysOf(trx, id);
    const clear = await sessions.closeAllIn(trx, id);
    await ctx.emit(trx, [
      { type: 'ContractorDeleted', data: { contractor_id: id, deleted_at: new Date().toISOString() } },
    ]);
    return clear;
  });
}
