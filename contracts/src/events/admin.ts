import { z } from '../zod.js';

/**
 * An admin action taken in a service other than admin (the screening desk): admin records it in
 * its audit log, the one place an operator reads who did what. Written in the transaction of the
 * action itself, so an action is never without its record.
 */
export const AdminActionTakenV1 = z.object({
  admin_id: z.string(),
  /** `screening.release`, `screening.rules_update`, … */
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
  ip: z.string().nullable(),
  request_id: z.string().nullable(),
  occurred_at: z.string().datetime({ offset: true }),
});
