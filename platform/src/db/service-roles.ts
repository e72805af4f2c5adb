import pg from 'pg';
import type { ServiceName } from '@leadmarket/contracts';
import { schemaOf } from './database.js';

/**
 * One PostgreSQL role per service in the distributed mode (docs/adr/0018-service-database-roles.md):
 * the role owns its service's schema — the service's tables and its platform outbox, inbox and
 * migration tables all live there — and has no right on any other schema, so a service that reads
 * another's tables is refused by the database, not only by convention. The embedded mode (one
 * process, PGlite) keeps one role.
 */

/** The role of a service: `<prefix><schema>`, e.g. lm_lead_intake. */
export const serviceRoleName = (service: ServiceName, prefix = 'lm_'): string => `${prefix}${schemaOf(service)}`;

/** The env variable a service role's password is read from, e.g. DATABASE_ROLE_PASSWORD_LEAD_INTAKE. */
export const rolePasswordEnvName = (service: ServiceName): string =>
  `DATABASE_ROLE_PASSWORD_${schemaOf(service).toUpperCase()}`;

/** `adminUrl` with the service role's name and password in place of the admin's. */
export function serviceDatabaseUrl(adminUrl: string, role: string, password?: string): string {
  const url = new URL(adminUrl);
  url.username = encodeURIComponent(role);
  url.password = password ? encodeURIComponent(password) : '';
  return url.toString();
}

export interface ServiceRoleOptions {
  services: readonly ServiceName[];
  /** Role name prefix (tests use a unique one: roles are cluster-wide). Default lm_. */
  prefix?: string;
  /** The password each role logs in with; undefined leaves it unchanged (trust or peer set-ups). */
  passwordOf?: (service: ServiceName) => string | undefined;
}

/**
 * Create (or bring up to date) each service's role and schema, connected with an administrator's
 * URL. Idempotent: run it before every start. A schema that already exists (a deployment from before
 * roles, migrated by the administrator) is handed over to the role with everything in it.
 */
export async function ensureServiceRoles(adminUrl: string, options: ServiceRoleOptions): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, application_name: 'leadmarket-db-roles' });
  await client.connect();
  // format(%I, %L) quotes names and passwords on the server: nothing is spliced by hand.
  const run = async (template: string, ...args: string[]) => {
    const { rows } = await client.query<{ statement: string }>(
      `select format($1, ${args.map((_, i) => `$${i + 2}::text`).join(', ')}) as statement`,
      [template, ...args],
    );
    await client.query(rows[0]!.statement);
  };
  try {
    for (const service of options.services) {
      const role = serviceRoleName(service, options.prefix);
      const schema = schemaOf(service);
      const exists = await client.query('select 1 from pg_roles where rolname = $1', [role]);
      if (exists.rowCount === 0) {
        try {
          await run('create role %I login', role);
        } catch (error) {
          // Another bootstrap created it meanwhile (duplicate_object): fine.
          if ((error as { code?: string }).code !== '42710') throw error;
        }
      }
      await run('alter role %I login nosuperuser nocreatedb nocreaterole', role);
      const password = options.passwordOf?.(service);
      if (password) await run('alter role %I password %L', role, password);

      const schemaRow = await client.query('select 1 from pg_namespace where nspname = $1', [schema]);
      if (schemaRow.rowCount === 0) await run('create schema if not exists %I authorization %I', schema, role);
      else await handOver(client, run, schema, role);
      // Nobody else gets in (a schema made by CREATE SCHEMA grants nothing to PUBLIC; say it anyway).
      await run('revoke all on schema %I from public', schema);
    }
  } finally {
    await client.end();
  }
}

/** Make `role` the owner of an existing schema and of every table, view and free sequence in it. */
async function handOver(
  client: pg.Client,
  run: (template: string, ...args: string[]) => Promise<void>,
  schema: string,
  role: string,
): Promise<void> {
  await run('alter schema %I owner to %I', schema, role);
  const { rows } = await client.query<{ name: string; kind: string }>(
    `select c.relname as name, c.relkind as kind
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'S')
        -- a sequence that belongs to a column moves with its table
        and not (c.relkind = 'S' and exists (
          select 1 from pg_depend d where d.objid = c.oid and d.deptype in ('a', 'i')))
        and pg_get_userbyid(c.relowner) <> $2`,
    [schema, role],
  );
  for (const { name, kind } of rows) {
    await run(kind === 'S' ? 'alter sequence %I.%I owner to %I' : 'alter table %I.%I owner to %I', schema, name, role);
  }
}
