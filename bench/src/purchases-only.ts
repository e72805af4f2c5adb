import { cpus, loadavg } from 'node:os';
import { buyBursts, sellableBursts } from './figures/different-leads.js';
import { cpuPerUnit, profileWindow, startFundedStack } from './funded-stack.js';
import { waitForBacklog, waitForQuietCpu } from './settle.js';
import { percentile } from './stats.js';
import { runScript } from './script.js';

/**
 * `npm run bench:purchases -- [buyers] [bursts]`: only figure 3b (each of `buyers` contractors buys a
 * different lead, all at once, `bursts` times), with the CPU and write system calls of each stack
 * process and PostgreSQL backend per purchase: the synchronous answer and, until the stack is quiet
 * again, everything the purchase sets off (its events, emails and SMS).
 */
const buyerCount = Number(process.argv[2] ?? 100);
const burstCount = Number(process.argv[3] ?? 3);

async function main() {
  const { stack, poolSize, contractors: buyers } = await startFundedStack(buyerCount);
  try {
    const bursts = await sellableBursts(stack.url, buyers, burstCount, 'p');
    await waitForBacklog(stack, 60_000);
    await waitForQuietCpu(stack, { quietMsPerSecond: 200, maxMs: 60_000 });
    console.log(
      `${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}; pools of ${poolSize}; ` +
        `${buyers.length} buyers, ${burstCount} bursts`,
    );

    const meter = await stack.cpuMeter();
    const window = profileWindow();
    const { latencies, seconds, sold, errorSamples } = await buyBursts(stack.url, buyers, bursts);
    const answered = await meter.stop();
    window();
    // Then what the purchases set off (events, receipts, SMS), until the stack is quiet again.
    const after = await stack.cpuMeter();
    await waitForBacklog(stack, 60_000);
    await waitForQuietCpu(stack, { quietMsPerSecond: 200, maxMs: 60_000 });
    const tail = await after.stop();

    const n = bursts.length * buyers.length;
    console.log(
      `${sold}/${n} sold; ${(n / seconds).toFixed(0)} purchases/s answered; ` +
        `p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms`,
    );
    for (const e of errorSamples) console.log(`  error: ${e}`);
    for (const [label, cpu] of [
      ['while answering', answered],
      ['after (events, receipts, SMS; includes ~3 s of idle)', tail],
    ] as const) {
      for (const line of cpuPerUnit(cpu, n, { unit: 'purchase', label: ` ${label}` })) console.log(line);
    }
  } finally {
    await stack.stop();
  }
}

runScript(main);
