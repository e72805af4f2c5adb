import { cpus, loadavg } from 'node:os';
import { leadBody, submitLead } from './client.js';
import { pgbenchTps, raceForLeads } from './figures/contention.js';
import { cpuPerUnit, profileWindow, startFundedStack } from './funded-stack.js';
import { waitForBacklog, waitForQuietCpu } from './settle.js';
import { percentile } from './stats.js';
import { runScript } from './script.js';

/**
 * `npm run bench:contention -- [contractors] [leads]`: only figure 3 (every contractor presses
 * Purchase on each lead at once; one wins, the rest are refused), with the CPU and write system
 * calls of each stack process and PostgreSQL backend per attempt while the race is answered, and
 * pgbench at the figure's client count after it for the ratio.
 */
const contractorCount = Number(process.argv[2] ?? 200);
const leadCount = Number(process.argv[3] ?? 30);

async function main() {
  const { stack, poolSize, contractors } = await startFundedStack(contractorCount);
  try {
    const leadIds: string[] = [];
    for (let i = 0; i < leadCount; i++) {
      const res = await submitLead(stack.url, leadBody(`race-${i}`));
      if (res.body?.status === 'valid') leadIds.push(res.body.lead_id);
    }
    await waitForBacklog(stack, 60_000);
    await waitForQuietCpu(stack, { quietMsPerSecond: 200, maxMs: 60_000 });
    console.log(
      `${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}; pools of ${poolSize}; ` +
        `${contractors.length} contractors race for each of ${leadIds.length} leads`,
    );

    const meter = await stack.cpuMeter();
    const window = profileWindow();
    const race = await raceForLeads(stack.url, contractors, leadIds);
    const cpu = await meter.stop();
    window();
    const n = leadIds.length * contractors.length;
    const tps = pgbenchTps(stack.databaseUrl, Math.min(contractors.length, 20), 10);
    console.log(
      `${race.leadsWithOneWinner}/${leadIds.length} leads with one winner; ${(n / race.seconds).toFixed(0)} attempts/s, ` +
        `p50 ${percentile(race.latencies, 50).toFixed(0)} ms, p99 ${percentile(race.latencies, 99).toFixed(0)} ms; ` +
        `pgbench ${tps.toFixed(0)} tps: ratio ${(n / race.seconds / tps).toFixed(3)}`,
    );
    for (const line of cpuPerUnit(cpu, n, { unit: 'attempt', digits: 3, writeDigits: 2 })) console.log(line);
  } finally {
    await stack.stop();
  }
}

runScript(main);
