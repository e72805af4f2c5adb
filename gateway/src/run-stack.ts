import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { SERVICE_NAMES } from '@leadmarket/contracts';
import {
  ensureServiceRoles,
  rolePasswordEnvName,
  schemaOf,
  serviceDatabaseUrl,
  serviceRoleName,
  serviceUrlEnvName,
} from '@leadmarket/platform';
import { Supervisor } from './stack/supervisor.js';

/**
 * `npm run stack`: the distributed mode without Docker — each service and the gateway as its
 * own process against DATABASE_URL, AMQP_URL and REDIS_URL (the local servers on our machines).
 * SERVICE_INSTANCES=2 runs two of each service (competing consumers; the gateway balances across them
 * and retries reads on another instance). A process that exits is restarted with back-off.
 *
 * Each service connects as its own PostgreSQL role (docs/adr/0018-service-database-roles.md):
 * DATABASE_URL_<SERVICE> when given, else the runner sets the role up with DATABASE_URL (an
 * administrator) and hands the service that URL with the role's name (password from
 * DATABASE_ROLE_PASSWORD_<SERVICE> or DATABASE_ROLE_PASSWORD). STACK_DATABASE_ROLES=off runs every
 * service as DATABASE_URL's role, as the embedded mode does.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const required = ['DATABASE_URL', 'AMQP_URL', 'REDIS_URL'];
const missing = required.filter((v) => !process.env[v]);
if (missing.length) {
  console.error(
    `npm run stack needs ${missing.join(', ')} (e.g. postgres://postgres@127.0.0.1:5432/leadmarket, amqp://guest:guest@127.0.0.1:5672, redis://127.0.0.1:6379)`,
  );
  process.exit(1);
}
const basePort = Number(process.env.STACK_BASE_PORT ?? 4100);
const instances = Number(process.env.SERVICE_INSTANCES ?? 1);
const env: Record<string, string | undefined> = {
  ...process.env,
  // Generated for development only: production names its own (each process refuses to start without it).
  INTERNAL_API_TOKEN:
    process.env.INTERNAL_API_TOKEN ??
    (process.env.NODE_ENV === 'production' ? undefined : randomBytes(24).toString('base64url')),
};
const instanceUrl = (i: number, k: number) => `http://127.0.0.1:${basePort + i * 10 + k}`;
SERVICE_NAMES.forEach(
  (name, i) =>
    (env[serviceUrlEnvName(name)] = Array.from({ length: instances }, (_, k) => instanceUrl(i, k)).join(',')),
);

/** DATABASE_URL_LEAD_INTAKE etc.: a service's own connection string, set up elsewhere (npm run db:roles). */
const ownUrlEnvName = (name: (typeof SERVICE_NAMES)[number]) => `DATABASE_URL_${schemaOf(name).toUpperCase()}`;
const databaseUrlOf = new Map<string, string>();
if (process.env.STACK_DATABASE_ROLES === 'off') {
  for (const name of SERVICE_NAMES) databaseUrlOf.set(name, process.env.DATABASE_URL!);
} else {
  const passwordOf = (name: (typeof SERVICE_NAMES)[number]) =>
    process.env[rolePasswordEnvName(name)] || process.env.DATABASE_ROLE_PASSWORD || undefined;
  const toSetUp = SERVICE_NAMES.filter((name) => !process.env[ownUrlEnvName(name)]);
  try {
    await ensureServiceRoles(process.env.DATABASE_URL!, { services: toSetUp, passwordOf });
  } catch (error) {
    console.error(
      `[stack] could not set up the services' database roles with DATABASE_URL (${(error as Error).message}); ` +
        'give DATABASE_URL an administrator, or DATABASE_URL_<SERVICE> for each service, or STACK_DATABASE_ROLES=off',
    );
    process.exit(1);
  }
  for (const name of SERVICE_NAMES)
    databaseUrlOf.set(
      name,
      process.env[ownUrlEnvName(name)] ??
        serviceDatabaseUrl(process.env.DATABASE_URL!, serviceRoleName(name), passwordOf(name)),
    );
}

// Extra Node flags for every process, e.g. STACK_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile.
const nodeArgs = (process.env.STACK_NODE_ARGS ?? '').split(' ').filter(Boolean);
const supervisor = new Supervisor({ root, nodeArgs, log: (message) => console.error(`[stack] ${message}`) });

SERVICE_NAMES.forEach((name, i) => {
  for (let k = 0; k < instances; k++)
    supervisor.start({
      label: `${name}#${k}`,
      script: `services/${name}/src/main.ts`,
      env: { ...env, DATABASE_URL: databaseUrlOf.get(name), PORT: String(basePort + i * 10 + k) },
    });
});
supervisor.start({
  label: 'gateway',
  script: 'gateway/src/main.ts',
  env: { ...env, PORT: process.env.PORT ?? '8080' },
});

async function stop() {
  await supervisor.stop();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
