import { MESSAGES, toE164 } from '@leadmarket/contracts';
import { conflict, notFound, tooManyRequests, type ServiceContext } from '@leadmarket/platform';
import type { LeadIntakeDatabase } from '../db/database.js';

/** Number changes one request may have: enough for a typo and its correction, not a way to text strangers. */
export const PHONE_CHANGES_PER_LEAD = 2;

/**
 * The customer of a request not yet bought gives the right number (docs/adr/0045-phone-confirmed-before-the-offer.md):
 * lead-intake, the owner of contact, stores it and writes LeadPhoneChanged in the same transaction;
 * screening texts a new code to it. The request is named by its id and the form's idempotency key,
 * which only the browser that sent it holds.
 */
export async function changeLeadPhone(
  ctx: ServiceContext<LeadIntakeDatabase>,
  input: { lead_id: string; idempotency_key: string; phone: string },
): Promise<{ success: true; message: string }> {
  const phone = toE164(input.phone) ?? input.phone;
  await ctx.transaction(async (trx) => {
    const lead = await trx
      .selectFrom('leads')
      .select(['id', 'status', 'purchased_by'])
      .where('id', '=', input.lead_id)
      .where('idempotency_key', '=', input.idempotency_key)
      .forUpdate()
      .executeTakeFirst();
    if (!lead) throw notFound(MESSAGES.leadSubmit.unknownRequest);
    if (lead.purchased_by || lead.status !== 'available')
      throw conflict('This request is no longer open, so its number cannot be changed. You can send a new request.');
    // Counted only for the request's own browser and an open request: nobody else spends its changes.
    const hit = await ctx.kv.hit(`lead-intake:phone-change:${lead.id}`, PHONE_CHANGES_PER_LEAD, 24 * 3600, 'fixed');
    if (!hit.allowed)
      throw tooManyRequests('This request’s number was changed too often. Please send your request again.');
    await trx.updateTable('leads').set({ phone }).where('id', '=', lead.id).execute();
    await ctx.emit(trx, [
      { type: 'LeadPhoneChanged', data: { lead_id: lead.id, phone, changed_at: new Date().toISOString() } },
    ]);
  });
  return { success: true, message: 'Thank you. We texted a new code to the new number.' };
}
