import { cpus, loadavg } from 'node:os';
import { servicePoolSize } from './connections.js';
import { intakeFigure, intakeLead, load } from './figures/intake.js';
import { byProcess, idleCpuRate } from './figures/pipeline.js';
import { runScript } from './script.js';
import { waitForQuietCpu } from './settle.js';
import { startBenchStack } from './stack.js';
import { fmt } from './stats.js';

/**
 * `npm run bench:intake -- [connections] [seconds] [runs] [cpu rate]`: only figure 1 (leads-submit
 * through the gateway against the bare Fastify + INSERT anchor, side by side), for measuring one
 * change to the submit in a minute instead of the whole `npm run bench`. Then CPU per submit: the
 * figure's leads sent open loop at `cpu rate` a second (default 100; 0 skips it) for `seconds`,
 * counted until the stack is quiet again (what each submit sets off downstream is in it), net of
 * the idle stack: on a shared machine a steadier figure than req/s.
 */
const connections = Number(process.argv[2] ?? 50);
const seconds = Number(process.argv[3] ?? 5);
const runs = Number(process.argv[4] ?? 3);
const cpuRate = Number(process.argv[5] ?? 100);

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
    if (cpuRate > 0) {
      await waitForQuietCpu(stack, { quietMsPerSecond: 200, maxMs: 60_000 });
      const idle = await idleCpuRate(stack, 3000);
      const meter = await stack.cpuMeter();
      const started = Date.now();
      const run = await load(`${stack.url}/.netlify/functions/leads-submit`, 20, seconds, intakeLead, cpuRate);
      await waitForQuietCpu(stack, { quietMsPerSecond: 200, maxMs: 60_000 });
      const usage = await meter.stop();
      const windowMs = Date.now() - started;
      const submits = Math.max(1, run.ok);
      const net = Math.max(0, usage.totalMs - (idle * windowMs) / 1000) / submits;
      const perSubmit = Object.fromEntries(Object.entries(usage.byKind).map(([k, v]) => [k, v / submits]));
      console.log(
        `CPU per submit at ${cpuRate}/s (${run.ok} answered, p99 ${run.p99.toFixed(0)} ms): ${(usage.totalMs / submits).toFixed(1)} ms ` +
          `(net of idle ${net.toFixed(1)}): ${byProcess(perSubmit, 0.1)}`,
      );
    }
  } finally {
    await stack.stop();
  }
}

runScript(main);
