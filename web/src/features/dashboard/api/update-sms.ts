import type { UpdateSmsResponseSchema } from '@leadmarket/contracts';
import type { z } from '@leadmarket/contracts/zod';
import { postAs, type Session } from './client';

/** update-contractor-sms: turn lead texts on or off. */
export const updateSms = (s: Session, smsOptIn: boolean) =>
  postAs<z.infer<typeof UpdateSmsResponseSchema>>('update-contractor-sms', s, {
    session_token: s.token,
    sms_opt_in: smsOptIn,
  });
