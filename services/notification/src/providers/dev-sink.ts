import { randomUUID } from 'node:crypto';
import type { EmailProvider, SendResult, SmsProvider } from './provider.js';

// Without credentials nothing leaves the machine: the delivery row itself is the stored message,
// listed by GET /internal/outbox and the /dev/outbox page.
const accept = (): SendResult => ({ provider: 'dev', providerMessageId: `dev-${randomUUID()}`, status: 'sent' });

/** The development SMS sink. */
export const devSms: SmsProvider = { name: 'dev', send: async () => accept() };
/** The development email sink. */
export const devEmail: EmailProvider = { name: 'dev', send: async () => accept() };

/** A channel turned off by SMS_DISABLED / EMAIL_DISABLED: sending fails for good, with the reason on the delivery row. */
export class ChannelDisabledError extends Error {
  constructor(readonly switchName: 'SMS_DISABLED' | 'EMAIL_DISABLED') {
    super(`not sent: this channel is turned off (${switchName}=true)`);
    this.name = 'ChannelDisabledError';
  }
}

const refuse = (switchName: 'SMS_DISABLED' | 'EMAIL_DISABLED') => async (): Promise<SendResult> => {
  throw new ChannelDisabledError(switchName);
};

/** SMS_DISABLED=true: no SMS is sent and none pretends to be. */
export const disabledSms: SmsProvider = { name: 'disabled', send: refuse('SMS_DISABLED') };
/** EMAIL_DISABLED=true: no email is sent and none pretends to be. */
export const disabledEmail: EmailProvider = { name: 'disabled', send: refuse('EMAIL_DISABLED') };
