import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { SERVICE_NAMES } from '@leadmarket/contracts';
import { serviceUrlEnvName } from '@leadmarket/platform';

/**
 * `npm run stack`: the distributed mode without Docker — each service and the gateway as its
 * own process against DATABASE_URL, AMQP_URL and REDIS_URL (the local servers on our machines).
 * SERVICE_INSTANCES=2 runs two of each service (competing consumers; the gateway uses the first).
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
SERVICE_NAMES.forEach((name, i) => (env[serviceUrlEnvName(name)] = `http://127.0.0.1:${basePort + i * 10}`));

const children: ChildProcess[] = [];
const tsx = `${root}/node_modules/.bin/tsx`;
// Extra Node flags for every process, e.g. STACK_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile.
const nodeArgs = (process.env.STACK_NODE_ARGS ?? '').split(' ').filter(Boolean);
function run(label: string, script: string, extra: Record<string, string>) {
  const child = spawn(tsx, [...nodeArgs, script], {
    cwd: root,
    env: { ...env, ...extra },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code) => {
    if (!stopping) {
      console.error(`${label} exited with ${code}; stopping the stack`);
      void stop(1);
    }
  });
  children.push(child);
}

SERVICE_NAMES.forEach((name, i) => {
  for (let k = 0; k < instances; k++)
    run(`${name}#${k}`, `services/${name}/src/main.ts`, { PORT: String(basePort + i * 10 + k) });
});
run('gateway', 'gateway/src/main.ts', { PORT: process.env.PORT ?? '8080' });

let stopping = false;
async function stop(code = 0) {
  stopping = true;
  for (const c of children) c.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
  process.exit(code);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
