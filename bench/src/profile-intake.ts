import { connectionHeadroom, planPools } from './connections.js';
import { intakeFigure } from './figures/intake.js';
import { summariseProfiles } from './profile-summary.js';
import { startBenchStack } from './stack.js';

/**
 * Profile the intake path: run the stack with `node --cpu-prof`, load leads-submit, stop, and print
 * where each service process spent its CPU (self time by function, top entries).
 * Usage: PROFILE_DIR=/tmp/prof npx tsx bench/src/profile-intake.ts
 */
const dir = process.env.PROFILE_DIR ?? '/tmp/leadmarket-prof';
process.env.STACK_NODE_ARGS = `--cpu-prof --cpu-prof-dir=${dir}`;
const pools = planPools(
  await connectionHeadroom(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'),
);
const stack = await startBenchStack({ poolSize: pools.servicePool });
delete process.env.STACK_NODE_ARGS;
try {
  const fig = await intakeFigure(stack.url, stack.databaseUrl, {
    levels: [20],
    seconds: 10,
    runs: 1,
    anchorPool: pools.benchClients,
  });
  console.log(`intake at 20 connections: ${fig.levels[0]!.ours.median.toFixed(0)} req/s`);
} finally {
  await stack.stop();
}
await new Promise((r) => setTimeout(r, 2000));
console.log(summariseProfiles(dir));
