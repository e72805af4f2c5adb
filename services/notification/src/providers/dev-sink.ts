import { randomUUID } from 'node:crypto';
import type { EmailProvider, SendResult, SmsProvider } from './provider.js';

// Without credentials nothing leaves the machine: the delivery row itself is the stored message,
// listed by GET /internal/outbox and the /dev/outbox page.
const accept = (): SendResult => ({ provider: 'dev', providerMessageId: `dev-${randomUUID()}`, status: 'sent' });

// Nothing left the machine before the row was marked, so an interrupted send was never delivered.
const neverDelivered = async () => null;

/** The development SMS sink. */
export const devSms: SmsProvider = { name: 'dev', send: async () => accept(), lookup: neverDelivered };

/**
 * What the development sink throws for a number listed in DEV_SMS_UNREACHABLE_NUMBERS: the shape
 * of the Twilio SDK's error for a landline (HTTP 400, code 21614), so the whole unreachable-number
 * path — permanent failure, CustomerUnreachable, automatic credit — can be walked without Twilio.
 */
export class DevUnreachableNumberError extends Error {
  readonly status = 400;
  readonly code = 21614;
  constructor(to: string) {
    super(`'To' number ${to} is not a valid mobile number (development sink: DEV_SMS_UNREACHABLE_NUMBERS)`);
    this.name = 'DevUnreachableNumberError';
  }
}

/** The development SMS sink refusing the listed numbers (E.164) as Twilio refuses a landline. */
export function devSmsRefusing(unreachable: readonly string[]): SmsProvider {
  if (unreachable.length === 0) return devSms;
  const refused = new Set(unreachable);
  return {
    name: 'dev',
    send: async ({ to }) => {
      if (refused.has(to)) throw new DevUnreachableNumberError(to);
      return accept();
    },
    lookup: neverDelivered,
  };
}
/** The development email sink. */
export const devEmail: EmailProvider = { name: 'dev', send: async () => accept(), lookup: neverDelivered };

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
