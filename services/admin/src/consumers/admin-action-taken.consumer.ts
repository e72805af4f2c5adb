import { defineAdminConsumer } from '../context.js';
import { insertAuditEntry } from '../db/audit-log.repository.js';

/**
 * An admin action another service took (the screening desk) goes into the audit log, beside the
 * actions admin takes itself; the inbox makes a redelivery record it once.
 */
export const adminActionTakenConsumer = defineAdminConsumer({
  event: 'AdminActionTaken',
  async handle({ data }, { trx }) {
    await insertAuditEntry(trx, {
      admin_id: data.admin_id,
      action: data.action,
      target_type: data.target_type,
      target_id: data.target_id,
      before: data.before,
      after: data.after,
      ip: data.ip,
      request_id: data.request_id,
    });
  },
});
