import { cpus, loadavg } from 'node:os';
import { servicePoolSize } from './connections.js';
import { intakeFigure } from './figures/intake.js';
import { runScript } from './script.js';
import { startBenchStack } from './stack.js';
import { fmt } from './stats.js';

/**
 * `npm run bench:intake -- [connections] [seconds] [runs]`: only figure 1 (leads-submit through the
 * gateway against the bare Fastify + INSERT anchor, side by side), for measuring one change to the
 * submit in a minute instead of the whole `npm run bench`.
 */
const connections = Number(process.argv[2] ?? 50);
const seconds = Number(process.argv[3] ?? 5);
const runs = Number(process.argv[4] ?? 3);

async function main() {
  const poolSize = await servicePoolSize();
  const stack = await startBenchStack({ poolSize });
  try {
    console.log(
      `${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}; ${connections} connections, ${runs} × ${seconds} s`,
    );
    const intake = await intakeFigure(stack.url, stack.databaseUrl, {
      levels: [connections],
      seconds,
      runs,
      anchorPool: poolSize,
    });
    const l = intake.levels[0]!;
    console.log(
      `${fmt(l.ours, 0, ' req/s')} vs anchor ${fmt(l.anchor, 0, ' req/s')}; ratio ${fmt(l.ratio, 3)}; p50 ${fmt(l.p50, 0, ' ms')}, p99 ${fmt(l.p99, 0, ' ms')}`,
    );
    console.log(`at 100 req/s: p50 ${fmt(intake.at100rps.p50, 0, ' ms')}, p99 ${fmt(intake.at100rps.p99, 0, ' ms')}`);
  } finally {
    await stack.stop();
  }
}

runScript(main);
