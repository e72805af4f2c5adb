import { cpus, loadavg } from 'node:os';
import { signupContractors } from './client.js';
import { servicePoolSize } from './connections.js';
import { formatHops, hopTimes } from './figures/hops.js';
import { byProcess, idleCpuRate, netCpuMsPerLead, pipelineRun, total } from './figures/pipeline.js';
import { waitForQuietCpu } from './settle.js';
import { startBenchStack } from './stack.js';
import { runScript } from './script.js';

/**
 * `npm run bench:pipeline -- [rate] [seconds]`: only figure 2 (submit → first SMS at a fixed rate,
 * with CPU per lead by process), for measuring one change to the pipeline in a few minutes instead
 * of the whole `npm run bench`.
 */
const rate = Number(process.argv[2] ?? 30);
const seconds = Number(process.argv[3] ?? 20);

async function main() {
  const stack = await startBenchStack({ poolSize: await servicePoolSize() });
  try {
    await signupContractors(stack.url, 200, Date.now().toString(36));
    await waitForQuietCpu(stack, { quietMsPerSecond: 200, maxMs: 60_000 });
    const idle = await idleCpuRate(stack, 3000);
    console.log(`${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}; ${rate} leads/s for ${seconds} s`);
    const started = new Date();
    const run = await pipelineRun(stack, {
      ratePerSecond: rate,
      seconds,
      maxSettleMs: 60_000,
      tag: 'q',
      measureCpu: true,
    });
    console.log(
      `${run.timed}/${run.leads} timed, ${run.sms} SMS; submit → first SMS p50 ${run.p50.toFixed(0)} ms, p99 ${run.p99.toFixed(0)} ms; ` +
        `submit reply p50 ${run.submitP50.toFixed(0)} ms, p99 ${run.submitP99.toFixed(0)} ms; ${run.throughput.toFixed(1)} leads/s through`,
    );
    console.log(
      `CPU per lead ${run.cpuMsPerLead!.toFixed(1)} ms (net of idle ${netCpuMsPerLead(run, idle).toFixed(1)}): ` +
        byProcess(run.cpuByProcess),
    );
    console.log(
      `write system calls per lead ${total(run.writesByProcess).toFixed(0)}: ${byProcess(run.writesByProcess, 0.5)}`,
    );
    console.log(`hop by hop: ${formatHops(await hopTimes(stack.databaseUrl, started))}`);
  } finally {
    await stack.stop();
  }
}

runScript(main);
