import { rmSync } from 'node:fs';
import { buyBursts, sellableBursts } from './figures/different-leads.js';
import { startFundedStack } from './funded-stack.js';
import { summariseProfiles } from './profile-summary.js';
import { waitForBacklog, waitForQuietCpu } from './settle.js';

/**
 * Profile figure 3b: the stack under `node --cpu-prof`, `buyers` contractors each buying a different
 * lead at once, `bursts` times; where each process spent its CPU from the first purchase until the
 * stack is quiet again (the sales and everything they set off).
 * Usage: PROFILE_DIR=/tmp/prof npx tsx bench/src/profile-purchases.ts [buyers] [bursts]
 */
const buyerCount = Number(process.argv[2] ?? 100);
const burstCount = Number(process.argv[3] ?? 3);
const dir = process.env.PROFILE_DIR ?? '/tmp/leadmarket-prof';
rmSync(dir, { recursive: true, force: true });
process.env.STACK_NODE_ARGS = `--cpu-prof --cpu-prof-dir=${dir}`;
const { stack, contractors: buyers } = await startFundedStack(buyerCount);
delete process.env.STACK_NODE_ARGS;
let window: [bigint, bigint] | undefined;
try {
  const bursts = await sellableBursts(stack.url, buyers, burstCount, 'q');
  await waitForBacklog(stack, 60_000);
  await waitForQuietCpu(stack, { quietMsPerSecond: 200, maxMs: 60_000 });
  const start = process.hrtime.bigint() / 1000n;
  const { sold } = await buyBursts(stack.url, buyers, bursts);
  await waitForBacklog(stack, 60_000);
  window = [start, process.hrtime.bigint() / 1000n];
  console.log(`${sold} sold under the profiler`);
} finally {
  await stack.stop();
}
await new Promise((r) => setTimeout(r, 2000));
console.log(summariseProfiles(dir, { window, top: 14 }));
