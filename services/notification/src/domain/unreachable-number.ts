import type { EventData } from '@leadmarket/contracts';

/**
 * Provider error codes that mean the customer's number itself cannot take texts — an objective
 * defect of the lead, refunded automatically (docs/adr/0012). Anything else (our account, a
 * carrier filter, an opt-out, a queue overflow, an unknown error) is not the lead's fault and
 * grants nothing.
 */
export const UNREACHABLE_NUMBER_CODES: Readonly<Record<string, string>> = {
  // Refused by the Messages API when sending (synchronous).
  '21211': "The 'To' number is not a valid phone number",
  '21217': 'The phone number does not appear to be valid',
  '21401': 'Invalid phone number',
  '21612': "The 'To' number cannot be reached by SMS",
  '21614': "The 'To' number is not a mobile number (a landline)",
  // Reported by the carrier after sending (status callback ErrorCode).
  '30003': 'Unreachable destination handset',
  '30005': 'Unknown destination handset (the number does not exist)',
  '30006': 'Landline or unreachable carrier',
};

/** The unreachable-number code of a provider failure (the SDK's error or a callback's ErrorCode), if it is one. */
export function unreachableCode(code: unknown): { code: string; meaning: string } | undefined {
  if (code === undefined || code === null) return undefined;
  const key = String(code).trim();
  const meaning = UNREACHABLE_NUMBER_CODES[key];
  return meaning ? { code: key, meaning } : undefined;
}

/** The code carried by a failed send: Twilio's RestException has a numeric `code`. */
export const codeOfSendError = (err: unknown): unknown => (err as { code?: unknown } | null)?.code;

/** The delivery a failure was about. */
export interface FailedDelivery {
  id: string;
  kind: string;
  lead_id: string | null;
  channel: string;
}

/**
 * CustomerUnreachable for a failure that proves a lead's customer cannot be texted: only an SMS to
 * the customer of a lead (kind customer_update), only for an unreachable-number code.
 */
export function customerUnreachableEvent(
  delivery: FailedDelivery,
  failure: {
    code: unknown;
    provider: string;
    providerMessageId: string | null;
    reportedVia: 'send_error' | 'status_callback';
    at: Date;
  },
): { type: 'CustomerUnreachable'; data: EventData<'CustomerUnreachable'> } | undefined {
  if (delivery.kind !== 'customer_update' || delivery.channel !== 'sms' || !delivery.lead_id) return undefined;
  const known = unreachableCode(failure.code);
  if (!known) return undefined;
  return {
    type: 'CustomerUnreachable',
    data: {
      lead_id: delivery.lead_id,
      delivery_id: delivery.id,
      provider: failure.provider,
      provider_message_id: failure.providerMessageId,
      error_code: known.code,
      // Our own words for the code, never the provider's text: Twilio's messages quote the number
      // ("The 'To' number +1… is not valid"), and the evidence is kept and shown to the buyer.
      error_message: known.meaning,
      reported_via: failure.reportedVia,
      failed_at: failure.at.toISOString(),
    },
  };
}
