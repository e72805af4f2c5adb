import type { UpdateProfileResponseSchema } from '@leadmarket/contracts';
import type { z } from '@leadmarket/contracts/zod';
import { postAs, type Session } from './client';

/** update-contractor-profile: save the edited profile. */
export const updateProfile = (s: Session, profile: Record<string, unknown>) =>
  postAs<z.infer<typeof UpdateProfileResponseSchema>>('update-contractor-profile', s, {
    ...profile,
    session_token: s.token,
  });
