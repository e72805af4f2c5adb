import { rmSync } from 'node:fs';
import { signupContractors } from './client.js';
import { servicePoolSize } from './connections.js';
import { formatHops, hopTimes } from './figures/hops.js';
import { pipelineRun } from './figures/pipeline.js';
import { summariseProfiles } from './profile-summary.js';
import { waitForQuietCpu } from './settle.js';
import { startBenchStack } from './stack.js';

/**
 * Profile the lead pipeline: run the stack with `node --cpu-prof`, send leads at a fixed rate, stop,
 * and print where each service process spent its CPU during the load (start-up and sign-ups left
 * out) and where a lead's time went hop by hop.
 * Usage: PROFILE_DIR=/tmp/prof npx tsx bench/src/profile-pipeline.ts [rate] [seconds]
 */
const rate = Number(process.argv[2] ?? 30);
const seconds = Number(process.argv[3] ?? 15);
const dir = process.env.PROFILE_DIR ?? '/tmp/leadmarket-prof';
rmSync(dir, { recursive: true, force: true });
process.env.STACK_NODE_ARGS = `--cpu-prof --cpu-prof-dir=${dir}`;
const stackStarted = Date.now();
const stack = await startBenchStack({ poolSize: await servicePoolSize() });
delete process.env.STACK_NODE_ARGS;
let loadStarted = Date.now();
try {
  await signupContractors(stack.url, 200, Date.now().toString(36));
  await waitForQuietCpu(stack, { quietMsPerSecond: 200, maxMs: 60_000 });
  loadStarted = Date.now();
  const since = new Date();
  const run = await pipelineRun(stack, { ratePerSecond: rate, seconds, maxSettleMs: 60_000, tag: 'p' });
  console.log(
    `${rate} leads/s for ${seconds} s under the profiler: submit → first SMS p50 ${run.p50.toFixed(0)} ms, p99 ${run.p99.toFixed(0)} ms`,
  );
  console.log(`hop by hop: ${formatHops(await hopTimes(stack.databaseUrl, since))}`);
} finally {
  await stack.stop();
}
await new Promise((r) => setTimeout(r, 2000));
console.log(summariseProfiles(dir, { skipMs: loadStarted - stackStarted }));
