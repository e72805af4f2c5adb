import type { EventEnvelope, EventType } from '@leadmarket/contracts';
import { sql } from 'kysely';
import { hashToken } from '../security/tokens.js';
import type { AnySchemaDb } from '../db/any-schema.js';

/** What a reset link's token becomes once the event carrying it has been published. */
export const REDACTED = 'redacted';

/**
 * PasswordResetRequested carries a bearer secret to exactly one consumer: the reset link
 * notification emails. Once the broker has confirmed the event, the outbox row is only a record
 * (kept for OUTBOX_RETENTION_HOURS), so the link's token is replaced there by "redacted". (Claim
 * tokens never travel: LeadMatched carries none, docs/adr/0013; an older LeadMatched row that still
 * holds them gets their SHA-256.) Returns undefined when the envelope carries no secret.
 */
export function redactPublished(envelope: EventEnvelope): EventEnvelope | undefined {
  const data = envelope.data as Record<string, unknown>;
  switch (envelope.type) {
    case 'LeadMatched': {
      const offers = (data.offers as Array<Record<string, unknown>> | undefined) ?? [];
      if (!offers.some((o) => typeof o.claim_token === 'string')) return undefined;
      return {
        ...envelope,
        data: {
          ...data,
          offers: offers.map((o) => ({
            ...o,
            claim_token: typeof o.claim_token === 'string' ? hashToken(o.claim_token) : o.claim_token,
          })),
        },
      };
    }
    case 'PasswordResetRequested':
      return { ...envelope, data: { ...data, reset_url: withoutToken(String(data.reset_url)) } };
    // The customer's phone, the code and the link's token, for notification's SMS alone (docs/adr/0045-phone-confirmed-before-the-offer.md).
    case 'ContactCodeIssued':
      return {
        ...envelope,
        data: { ...data, phone: data.phone === null ? null : REDACTED, code: REDACTED, link_token: REDACTED },
      };
    default:
      return undefined;
  }
}

/** The link with its `token` query parameter replaced (the rest stays readable for an operator). */
function withoutToken(link: string): string {
  try {
    const url = new URL(link);
    if (url.searchParams.has('token')) url.searchParams.set('token', REDACTED);
    return url.toString();
  } catch {
    return REDACTED;
  }
}

/**
 * Events that carry a customer's contact (name, phone, email) to the one consumer whose work needs
 * it: LeadSubmitted to screening's checks, LeadPhoneChanged to screening's new code. Once the broker
 * has confirmed one, its outbox row is only
 * a record, so the relay blanks the contact there in the statement that marks it sent.
 */
export const CONTACT_BEARING_EVENTS: ReadonlySet<string> = new Set<EventType>(['LeadSubmitted', 'LeadPhoneChanged']);

/** The envelope expression that blanks a contact-bearing event's contact (the shape stays valid). */
export const redactedContactEnvelope = sql`jsonb_set(jsonb_set(jsonb_set(envelope,
  '{data,customer_name}', ${JSON.stringify(REDACTED)}::jsonb),
  '{data,phone}', ${JSON.stringify(REDACTED)}::jsonb),
  '{data,email}', 'null'::jsonb)`;

/**
 * An admin deleted a lead: blank the job description (which customers fill with their contact)
 * in this service's outbox copies of the lead's `type` events. Published rows are kept for
 * OUTBOX_RETENTION_HOURS as a record; an erased lead must not linger there.
 */
export async function eraseLeadDescriptionFromOutbox(trx: AnySchemaDb, type: EventType, leadId: string): Promise<void> {
  await trx
    .updateTable('outbox')
    .set({ envelope: sql`jsonb_set(envelope, '{data,description}', '""')` })
    .where('type', '=', type)
    .where(sql`envelope->'data'->>'lead_id'`, '=', leadId)
    .execute();
}
