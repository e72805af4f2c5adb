import { toE164 } from '@leadmarket/contracts';
import type { Kysely } from 'kysely';
import type { NotificationDatabase } from '../db/database.js';
import { queueDelivery } from '../db/deliveries.repository.js';
import { contactCodeSms } from '../domain/customer-messages.js';
import { defineNotificationConsumer } from '../context.js';

/** The one-tap confirmation link of a token (the SPA's /confirm/:token page). */
export const confirmLink = (publicBaseUrl: string, token: string): string =>
  `${publicBaseUrl.replace(/\/+$/, '')}/confirm/${encodeURIComponent(token)}`;

/** The number the lead's previous code was texted to: a resend names none (screening keeps no phone). */
async function previousCodeRecipient(db: Kysely<NotificationDatabase>, leadId: string): Promise<string | null> {
  const row = await db
    .selectFrom('deliveries')
    .select('recipient')
    .where('lead_id', '=', leadId)
    .where('kind', '=', 'contact_code')
    .where('channel', '=', 'sms')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toE164(row.recipient) : null;
}

/**
 * Screening sent the customer a phone confirmation code (docs/adr/0045-phone-confirmed-before-the-offer.md): text it with its one-tap
 * link, one SMS per code. The phone, code and token arrive in the event and rest only on the
 * delivery row, whose body loses the code and token once the provider has taken it (sent-secrets.ts).
 */
export const contactCodeIssuedConsumer = defineNotificationConsumer({
  event: 'ContactCodeIssued',
  async handle({ data }, { trx, afterCommit, log, service }) {
    const phone = data.phone ? toE164(data.phone) : await previousCodeRecipient(trx, data.lead_id);
    if (!phone) {
      log.warn({ lead_id: data.lead_id, issue: data.issue }, 'no number to text the confirmation code to');
      return;
    }
    const minutes = Math.max(1, Math.round((new Date(data.expires_at).getTime() - Date.now()) / 60_000));
    const queued = await queueDelivery(trx, {
      dedupe_key: `contact_code:${data.lead_id}:${data.issue}:sms`,
      kind: 'contact_code',
      channel: 'sms',
      recipient: phone,
      body: contactCodeSms({
        service_category: data.service_category,
        sub_service: data.sub_service,
        code: data.code,
        link: confirmLink(service.publicBaseUrl, data.link_token),
        expires_in_minutes: minutes,
      }),
      lead_id: data.lead_id,
      expires_at: data.expires_at,
    });
    if (queued) afterCommit(service.senderWakeup.wake);
  },
});
