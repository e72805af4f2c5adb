import type { ServiceContext } from '@leadmarket/platform';
import { insertContactMessage, type NewContactMessage } from '../db/site-intake.repository.js';
import type { LeadIntakeDatabase } from '../db/database.js';

/** A contact-form message: stored and announced together, so notification emails support exactly once per stored message. */
export async function recordContactMessage(
  ctx: ServiceContext<LeadIntakeDatabase>,
  message: NewContactMessage,
): Promise<void> {
  await ctx.transaction(async (trx) => {
    await insertContactMessage(trx, message);
    await ctx.emit(trx, [
      {
        type: 'ContactMessageReceived',
        data: {
          message_id: message.id,
          name: message.name,
          email: message.email,
          subject: message.subject,
          message: message.message,
          received_at: message.created_at.toISOString(),
        },
      },
    ]);
  });
}
