import { randomUUID } from 'node:crypto';
import type { EmailProvider, SendResult, SmsProvider } from './provider.js';

// Without credentials nothing leaves the machine: the delivery row itself is the stored message,
// listed by GET /internal/outbox and the /dev/outbox page.
const accept = (): SendResult => ({ provider: 'dev', providerMessageId: `dev-${randomUUID()}`, status: 'sent' });

// Nothing left the machine before the row was marked, so an interrupted send was never delivered.
const neverDelivered = async () => null;

/** The development SMS sink. */
export const devSms: SmsProvider = { name: 'dev', send: async () => accept(), lookup: neverDelivered };
/** The development email sink. */
export const devEmail: EmailProvider = { name: 'dev', send: async () => accept(), lookup: neverDelivered };
