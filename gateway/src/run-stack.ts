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
import { Supervisor, watchParent } from './stack/supervisor.js';
import { buildWeb, webBuildOutdated } from './stack/web-build.js';

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
 *
 * The SPA is built first when web/dist is missing or older than its sources. Any stop signal
 * (SIGINT, SIGTERM, SIGHUP, SIGQUIT), and the end of the process that started the runner (npm
 * killed outright), drains every process and exits: nothing is left running or listening.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const log = (message: string) => console.error(`[stack] ${message}`);

// Installed first: a signal during the role set-up or the web build stops the runner too.
let supervisor: Supervisor | undefined;
let webBuild: ReturnType<typeof buildWeb> | undefined;
let stopping = false;
async function stop(reason: string) {
  if (stopping) return;
  stopping = true;
  log(`stopping (${reason}): draining every process`);
  webBuild?.child.kill('SIGTERM');
  await supervisor?.stop();
  log('every process stopped');
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT'] as const) process.on(signal, () => void stop(signal));
watchParent(() => void stop('the process that started it ended'));

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
const outdated = webBuildOutdated(root);
if (outdated) {
  log(`building the web app first (${outdated}); npm run build -w web does the same`);
  webBuild = buildWeb(root);
  await webBuild.done.catch((error: Error) => {
    if (!stopping) log(`${error.message}: the gateway will answer that the web app is not built`);
  });
  webBuild = undefined;
}

// A stop that came during the set-up or the build has nothing more to start.
if (!stopping) {
  const running = new Supervisor({ root, nodeArgs, log });
  supervisor = running;
  SERVICE_NAMES.forEach((name, i) => {
    for (let k = 0; k < instances; k++)
      running.start({
        label: `${name}#${k}`,
        script: `services/${name}/src/main.ts`,
        env: { ...env, DATABASE_URL: databaseUrlOf.get(name), PORT: String(basePort + i * 10 + k) },
      });
  });
  running.start({
    label: 'gateway',
    script: 'gateway/src/main.ts',
    env: { ...env, PORT: process.env.PORT ?? '8080' },
  });
}
