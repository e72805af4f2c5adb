/** What a provider says after accepting a message. */
export interface SendResult {
  provider: string;
  /** The provider's id of the message (Twilio's MessageSid), used to match status callbacks. */
  providerMessageId: string;
  /** The provider's first status (e.g. Twilio 'queued'; the development sink 'sent'). */
  status: string;
}

/** Sends one SMS. */
export interface SmsProvider {
  name: string;
  send(message: { to: string; body: string; statusCallback?: string }): Promise<SendResult>;
}

/** Sends one email. */
export interface EmailProvider {
  name: string;
  send(message: { to: string; subject: string; body: string }): Promise<SendResult>;
}
