import { cpus, loadavg } from 'node:os';
import { call, dashboardSetup, signupContractors } from './client.js';
import { servicePoolSize } from './connections.js';
import { mixedPaintFigure, mixedPaintLines } from './figures/mixed-paint.js';
import { waitForQuietCpu } from './settle.js';
import { startBenchStack } from './stack.js';
import { runScript } from './script.js';

/**
 * `npm run bench:mixed -- [paints/s] [leads/s] [seconds]`: only figure 4b, the dashboard's first
 * paint at a steady `paints/s` (20) over 100 contractors while the pipeline runs `leads/s` (50), both
 * open loop for `seconds` (30), to measure one change in a couple of minutes instead of the whole
 * `npm run bench`.
 *
 * Set-up as in `bench:dashboard`: 200 contractors serve the bench ZIP (the pipeline's matching sees
 * the set it sees in `npm run bench`), 150 leads were submitted there, every wallet was funded, and
 * half the painting contractors bought a lead each. One unmeasured round of first paints warms up.
 */
const paintsPerSecond = Number(process.argv[2] ?? 20);
const leadsPerSecond = Number(process.argv[3] ?? 50);
const seconds = Number(process.argv[4] ?? 30);

async function main() {
  const poolSize = await servicePoolSize();
  const stack = await startBenchStack({ poolSize });
  try {
    const contractors = await signupContractors(stack.url, 200, Date.now().toString(36));
    const painting = contractors.slice(0, 100);
    const { leads, bought } = await dashboardSetup(stack.url, contractors, painting, 150, 'x');
    await waitForQuietCpu(stack, { quietMsPerSecond: 200, maxMs: 60_000 });
    await Promise.all(
      painting.map((c) => call(stack.url, 'contractors-dashboard', { query: { contractor_id: c.id }, token: c.token })),
    );
    const loadAtStart = loadavg()[0]!;
    console.log(
      `${cpus().length} cores, load average ${loadAtStart.toFixed(1)}; pools of ${poolSize}; ${contractors.length} contractors ` +
        `(${painting.length} painting), ${leads.length} leads before, ${bought} bought; ` +
        `${paintsPerSecond} first paints/s while ${leadsPerSecond} leads/s for ${seconds} s`,
    );
    const figure = await mixedPaintFigure(stack, painting, {
      paintsPerSecond,
      leadsPerSecond,
      seconds,
      maxSettleMs: 60_000,
      tag: 'mx',
    });
    for (const line of mixedPaintLines(figure)) console.log(line);
    console.log(`load average at the end ${loadavg()[0]!.toFixed(1)}`);
  } finally {
    await stack.stop();
  }
}

runScript(main);
