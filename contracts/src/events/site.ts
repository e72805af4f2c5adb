import { z } from '../zod.js';

/** A visitor wrote to support; notification emails the support address once. */
export const ContactMessageReceivedV1 = z.object({
  message_id: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  received_at: z.string().datetime({ offset: true }),
});
