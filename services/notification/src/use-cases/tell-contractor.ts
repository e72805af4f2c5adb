import type { ConsumerContext } from '@leadmarket/platform';
import type { NotificationContext } from '../context.js';
import { contactOf } from '../db/contacts.repository.js';
import type { DeliveryKind } from '../db/database.js';
import { queueDelivery } from '../db/deliveries.repository.js';
import { dashboardUrl } from '../domain/messages.js';

/** Who an email to a contractor is written for. */
export interface EmailAddressee {
  contact_name: string | null;
  dashboard_url: string;
}

/** A message about a contractor's account: an email, and an SMS sent only to those who consented to texts. */
export interface ContractorNotice {
  contractorId: string;
  kind: DeliveryKind;
  leadId?: string | null;
  /** The email, written for its addressee; the dedupe key makes a redelivered event one email. */
  email?: { dedupeKey: string; write: (to: EmailAddressee) => { subject: string; body: string } };
  sms?: { dedupeKey: string; body: string };
}

/**
 * Queue a notice to a contractor in the consumer's transaction and wake this instance's sender after
 * commit when something new was queued. Answers false when the contractor has no contact (unknown or
 * deleted), so the caller can say so in its log.
 */
export async function tellContractor(
  { trx, afterCommit, service }: Pick<ConsumerContext<NotificationContext>, 'trx' | 'afterCommit' | 'service'>,
  notice: ContractorNotice,
): Promise<boolean> {
  const contact = await contactOf(trx, notice.contractorId);
  if (!contact) return false;
  const common = { kind: notice.kind, contractor_id: notice.contractorId, lead_id: notice.leadId ?? null };
  let queued = false;
  if (notice.email && contact.email) {
    const email = notice.email.write({
      contact_name: contact.contact_name,
      dashboard_url: dashboardUrl(service.publicBaseUrl),
    });
    queued = await queueDelivery(trx, {
      ...common,
      dedupe_key: notice.email.dedupeKey,
      channel: 'email',
      recipient: contact.email,
      subject: email.subject,
      body: email.body,
    });
  }
  const phone = notice.sms && contact.sms_opt_in ? (contact.phone_e164 ?? undefined) : undefined;
  if (notice.sms && phone)
    queued =
      (await queueDelivery(trx, {
        ...common,
        dedupe_key: notice.sms.dedupeKey,
        channel: 'sms',
        recipient: phone,
        body: notice.sms.body,
      })) || queued;
  if (queued) afterCommit(service.senderWakeup.wake);
  return true;
}
