/** What a provider says after accepting a message. */
export interface SendResult {
  provider: string;
  /** The provider's id of the message (Twilio's MessageSid), used to match status callbacks. */
  providerMessageId: string;
  /** The provider's first status (e.g. Twilio 'queued'; the development sink 'sent'). */
  status: string;
}

/**
 * Asks the provider whether it already has a message (to, body) accepted since `since`: its record,
 * or null when it has none. Used after a sender was interrupted around a provider call, so a
 * message the provider may already have is never sent twice. A provider without it cannot be
 * asked, and such a delivery is marked `unknown` instead of being re-sent.
 */
export type LookupSent = (message: { to: string; body: string; since: Date }) => Promise<SendResult | null>;

/** Sends one SMS. */
export interface SmsProvider {
  name: string;
  send(message: { to: string; body: string; statusCallback?: string }): Promise<SendResult>;
  lookup?: LookupSent;
}

/** Sends one email. */
export interface EmailProvider {
  name: string;
  send(message: { to: string; subject: string; body: string }): Promise<SendResult>;
  lookup?: LookupSent;
}
