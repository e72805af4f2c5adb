import { SIGNUP_CREDIT_CENTS } from '@leadmarket/contracts';
import { defineWalletConsumer } from '../context.js';
import { lockWallet, postTransaction } from '../db/ledger.repository.js';
import { upsertTarget } from '../db/targets.repository.js';
import { promotionLines, walletAccountOf } from '../domain/ledger.js';
import { fundedEvents } from '../use-cases/events.js';

/** The $25 signup credit, once per contractor (and per email and phone, which contractors decides): the inbox stops redeliveries, the unique reference stops a second event. */
export const contractorRegisteredConsumer = defineWalletConsumer({
  event: 'ContractorRegistered',
  async handle(event, { trx, emit }) {
    const contractorId = event.data.contractor_id;
    await upsertTarget(trx, event.data);
    await lockWallet(trx, contractorId);
    // contractors decided this email or phone already had its credit (docs/adr/0007-resignup-credit.md):
    // the wallet exists, empty.
    if (event.data.signup_credit === false) return;
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
