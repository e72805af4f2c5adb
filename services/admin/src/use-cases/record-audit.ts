import { adminIdOf, clientIpOf, type ServiceContext } from '@leadmarket/platform';
import type { FastifyRequest } from 'fastify';
import { insertAuditEntry, type AuditEntry } from '../db/audit-log.repository.js';

/**
 * Record an admin action that changed data, after the owning service accepted it. Who comes from
 * the gateway-verified admin id (or `adminId` where the caller is not yet a session, e.g. login).
 */
export async function recordAudit(
  ctx: ServiceContext,
  request: FastifyRequest,
  entry: Omit<AuditEntry, 'admin_id' | 'ip' | 'request_id'> & { admin_id?: string },
): Promise<void> {
  await insertAuditEntry(ctx.db, {
    ...entry,
    admin_id: entry.admin_id ?? adminIdOf(request),
    ip: clientIpOf(request),
    request_id: request.id,
  });
}
