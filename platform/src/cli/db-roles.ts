import { SERVICE_NAMES } from '@leadmarket/contracts';
import { ensureServiceRoles, rolePasswordEnvName, serviceDatabaseUrl, serviceRoleName } from '../db/service-roles.js';

/**
 * `npm run db:roles`: create or update each service's PostgreSQL role and schema
 * (docs/adr/0018-service-database-roles.md), connected with DATABASE_ADMIN_URL (else
 * DATABASE_URL) as an administrator. Each role's password is DATABASE_ROLE_PASSWORD_<SERVICE>, else
 * DATABASE_ROLE_PASSWORD, else left as it is. Prints the DATABASE_URL each service should use
 * (passwords masked). Idempotent: run it before every deploy.
 */
const adminUrl = process.env.DATABASE_ADMIN_URL ?? process.env.DATABASE_URL;
if (!adminUrl) {
  console.error('npm run db:roles needs DATABASE_ADMIN_URL (or DATABASE_URL): an administrator of the database');
  process.exit(2);
}
const passwordOf = (service: (typeof SERVICE_NAMES)[number]) =>
  process.env[rolePasswordEnvName(service)] || process.env.DATABASE_ROLE_PASSWORD || undefined;

try {
  await ensureServiceRoles(adminUrl, { services: SERVICE_NAMES, passwordOf });
} catch (error) {
  console.error(`db:roles failed: ${(error as Error).message}`);
  process.exit(1);
}
for (const service of SERVICE_NAMES) {
  const role = serviceRoleName(service);
  const url = serviceDatabaseUrl(adminUrl, role, passwordOf(service) ? '********' : undefined);
  console.log(`${service.padEnd(14)} ${url}`);
}
