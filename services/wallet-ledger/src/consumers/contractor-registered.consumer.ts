import { SIGNUP_CREDIT_CENTS } from '@leadmarket/contracts';
import { defineConsumer } from '@leadmarket/platform';
import { lockWallet, postTransaction } from '../db/ledger.repository.js';
import { promotionLines, walletAccountOf } from '../domain/ledger.js';
import { fundedEvents } from '../operations/events.js';
import { rememberCategory } from '../operations/low-balance.js';

/** The contractor's category (for the low-balance email) and the $25 signup credit, once per contractor: the inbox stops redeliveries, the unique reference stops a second event. */
export const contractorRegistered = defineConsumer({
  event: 'ContractorRegistered',
  async handle(event, { trx, emit }) {
    const contractorId = event.data.contractor_id;
    await rememberCategory(trx, contractorId, event.data.industry);
    await lockWallet(trx, contractorId);
    const posted = await postTransaction(trx, {
      kind: 'signup_credit',
      contractorId,
      reference: `signup:${contractorId}`,
      amountCents: SIGNUP_CREDIT_CENTS,
      description: 'Signup credit',
      lines: promotionLines(contractorId, SIGNUP_CREDIT_CENTS),
    });
    if (posted)
      await emit(
        fundedEvents(
          contractorId,
          SIGNUP_CREDIT_CENTS,
          posted.balances.get(walletAccountOf(contractorId))!,
          'signup_credit',
        ),
      );
  },
});
