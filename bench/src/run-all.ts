import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { adminToken, fund, signupContractors } from './client.js';
import { contentionFigure } from './figures/contention.js';
import { dashboardFigure } from './figures/dashboard.js';
import { differentLeadsFigure, logDifferentLeads } from './figures/different-leads.js';
import { intakeFigure } from './figures/intake.js';
import { liveFanoutFigure } from './figures/live-fanout.js';
import { mixedPaintFigure, mixedPaintLines } from './figures/mixed-paint.js';
import {
  byProcess,
  idleCpuRate,
  netCpuMsPerLead,
  pipelineRun,
  sustained,
  sustainedRate,
  total,
} from './figures/pipeline.js';
import { connectionHeadroom, planPools } from './connections.js';
import { webFigure } from './figures/web.js';
import { wholeLifeRun } from './figures/whole-life.js';
import { floorPerLead, WHOLE_LIFE } from './floor.js';
import { waitForBacklog, waitForQuietCpu } from './settle.js';
import { startBenchStack } from './stack.js';
import { fmt } from './stats.js';
import { createLogger, RabbitMqEventBus } from '@leadmarket/platform';

/**
 * `npm run bench`: every figure of docs/PERFORMANCE.md against the distributed stack on this machine.
 * `--smoke` runs each for a few seconds with tiny sizes and no goals (CI keeps the harness alive).
 */
const smoke = process.argv.includes('--smoke');
const RESULTS = fileURLToPath(new URL('../results', import.meta.url));

const plan = smoke
  ? {
      levels: [10],
      seconds: 2,
      runs: 1,
      rate: 10,
      pipelineSeconds: 2,
      sustainedRates: [10],
      sustainedSeconds: 2,
      contractors: 10,
      leads: 3,
      pgbenchSeconds: 2,
      dashboardContractors: 10,
      rounds: 1,
      liveTabs: 2,
      wholeLifeSeconds: 2,
      mixedPaintsPerSecond: 5,
      mixedSeconds: 2,
    }
  : {
      levels: [10, 50, 100],
      seconds: 5,
      runs: 3,
      rate: 50,
      pipelineSeconds: 60,
      sustainedRates: [60, 70, 80, 100, 110, 120, 135, 150, 200, 250],
      sustainedSeconds: 10,
      contractors: 200,
      leads: Number(process.env.BENCH_CONTENTION_LEADS ?? 100),
      pgbenchSeconds: 10,
      dashboardContractors: 100,
      rounds: 3,
      // 200 contractors x 5 open dashboards = 1,000 streams.
      liveTabs: 5,
      wholeLifeSeconds: 20,
      // Figure 4b: 20 first paints a second while the pipeline runs at figure 2's rate.
      mixedPaintsPerSecond: 20,
      mixedSeconds: 30,
    };

async function main() {
  const started = Date.now();
  const lines: string[] = [];
  const log = (s: string) => {
    console.log(s);
    lines.push(s);
  };
  // Before anything starts: size every pool to the connections PostgreSQL has free now.
  const pools = planPools(
    await connectionHeadroom(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'),
  );
  const loads: number[] = [];
  const loadTimer = setInterval(() => loads.push(loadavg()[0]!), 5000);
  const stack = await startBenchStack({ poolSize: pools.servicePool });
  const report: Record<string, unknown> = {
    date: new Date().toISOString(),
    smoke,
    machine: { cores: cpus().length, memoryGiB: Math.round(totalmem() / 2 ** 30) },
    pools,
  };
  // A bound on the whole run: past it, what was measured so far is written and the stack stopped.
  const limitMinutes = Number(process.env.BENCH_MAX_MINUTES ?? (smoke ? 10 : 30));
  const watchdog = setTimeout(() => {
    log(
      `\n**Stopped after ${limitMinutes} minutes (BENCH_MAX_MINUTES); the figures above are all that was measured.**`,
    );
    mkdirSync(RESULTS, { recursive: true });
    writeFileSync(`${RESULTS}/${smoke ? 'smoke' : 'latest'}.md`, lines.join('\n') + '\n');
    writeFileSync(
      `${RESULTS}/${smoke ? 'smoke' : 'latest'}.json`,
      JSON.stringify({ ...report, stopped: true }, null, 2),
    );
    void stack.stop().finally(() => process.exit(2));
  }, limitMinutes * 60_000);
  watchdog.unref();
  try {
    log(
      `# leadmarket benchmarks${smoke ? ' (smoke)' : ''}\n\n${report.date}; ${cpus().length} cores, ${report.machine && (report.machine as { memoryGiB: number }).memoryGiB} GiB; load average at start ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}; distributed stack (one process per service) on local PostgreSQL, RabbitMQ, Redis.\n`,
    );
    const h = pools.headroom;
    log(
      `PostgreSQL connections before the start: ${h.inUse} in use of ${h.max} (${h.reserved} reserved), ${h.free} free; ` +
        `the bench holds at most ${pools.total} (${pools.servicePool} per service pool, ${pools.benchClients} for the anchor and pgbench) and leaves ${pools.margin} spare.\n`,
    );

    const intake = await intakeFigure(stack.url, stack.databaseUrl, {
      levels: plan.levels,
      seconds: plan.seconds,
      runs: plan.runs,
      anchorPool: pools.benchClients,
    });
    report.intake = intake;
    log('## 1. Lead intake (leads-submit through the gateway; anchor: bare Fastify + one INSERT)\n');
    for (const l of intake.levels)
      log(
        `- ${l.connections} connections: ${fmt(l.ours, 0, ' req/s')} vs anchor ${fmt(l.anchor, 0, ' req/s')}; ratio ${fmt(l.ratio, 2)}; p50 ${fmt(l.p50, 0, ' ms')}, p99 ${fmt(l.p99, 0, ' ms')}`,
      );
    log(`- at 100 req/s: p50 ${fmt(intake.at100rps.p50, 0, ' ms')}, p99 ${fmt(intake.at100rps.p99, 0, ' ms')}\n`);
    const at50 = intake.levels.find((l) => l.connections === 50);
    if (at50)
      log(
        `- goal at 50 connections: ratio ≥ 0.05 of the anchor and p99 < 200 ms — measured ${fmt(at50.ratio, 3)}, p99 ${fmt(at50.p99, 0, ' ms')}\n`,
      );

    const memory = stack.memory();
    report.memoryMiB = memory;
    log('## 6. Memory after the intake run (resident, MiB)\n');
    log(
      Object.entries(memory)
        .map(([k, v]) => `- ${k}: ${v.toFixed(0)}`)
        .join('\n') + '\n',
    );

    const contractors = await signupContractors(stack.url, plan.contractors, Date.now().toString(36));
    // The intake figure's leads are still being screened, priced and matched for a while: start the
    // pipeline figures (and the idle measurement) once the stack has gone quiet.
    const quiet = await waitForQuietCpu(stack, { quietMsPerSecond: 200, maxMs: smoke ? 20_000 : 180_000 });
    report.quietBeforePipeline = quiet;
    log(
      `The stack went quiet after the intake figure in ${(quiet.waitedMs / 1000).toFixed(0)} s (last second: ${quiet.lastMsPerSecond.toFixed(0)} ms of CPU).\n`,
    );
    // The idle stack's own CPU use (timers, polling fallbacks), subtracted for the net figure below.
    const idleMsPerSecond = await idleCpuRate(stack, smoke ? 2000 : 5000);
    report.idleCpuMsPerSecond = idleMsPerSecond;
    const pipeline = await pipelineRun(stack, {
      ratePerSecond: plan.rate,
      seconds: plan.pipelineSeconds,
      maxSettleMs: smoke ? 10_000 : 90_000,
      tag: 'p',
      measureCpu: true,
    });
    report.pipeline = pipeline;
    log(
      `## 2. Pipeline (submit sent → first SMS handed to the fake provider), ${plan.rate} leads/s for ${plan.pipelineSeconds} s\n`,
    );
    log(
      `- ${pipeline.leads} leads submitted (${pipeline.valid} answered valid, the others pending), ${pipeline.sms} SMS sent; ${pipeline.timed} leads timed to their first SMS; p50 ${pipeline.p50.toFixed(0)} ms, p99 ${pipeline.p99.toFixed(0)} ms (goal: p50 < 50 ms, p99 < 250 ms); the submit's own reply p50 ${pipeline.submitP50.toFixed(0)} ms, p99 ${pipeline.submitP99.toFixed(0)} ms`,
    );
    log(
      `- CPU per lead, every stack process and the bench database's PostgreSQL backends: ${pipeline.cpuMsPerLead!.toFixed(1)} ms (${Object.entries(
        pipeline.cpuByKind!,
      )
        .map(([k, v]) => `${k} ${v.toFixed(1)}`)
        .join(
          ', ',
        )}; RabbitMQ and Redis are shared and not counted); ${netCpuMsPerLead(pipeline, idleMsPerSecond).toFixed(1)} ms net of the idle stack's ${idleMsPerSecond.toFixed(0)} ms/s (goal ≤ 3 ms)\n`,
    );

    log(
      `- write system calls per lead (round trips: statements, messages, HTTP; counted, not timed): ${total(
        pipeline.writesByProcess,
      ).toFixed(0)} — ${byProcess(pipeline.writesByProcess, 0.5)}\n`,
    );
    log(`- where it goes (ms per lead): ${byProcess(pipeline.cpuByProcess)}\n`);

    // Below the goal's 50 leads/s when that already backed up: the figure is the rate it does sustain.
    // Above figure 2's rate when that was sustained (in steps small enough to find where it stops).
    const sustainedFig = await sustainedRate(stack, {
      rates: sustained(pipeline) || smoke ? plan.sustainedRates : [10, 20, 30, 40],
      sustainedBefore: sustained(pipeline) && !smoke ? plan.rate : undefined,
      seconds: plan.sustainedSeconds,
      maxSettleMs: smoke ? 10_000 : 30_000,
    });
    report.sustained = sustainedFig;
    log(
      `## 2b. Pipeline sustained rate (${plan.sustainedSeconds} s at each rate, stepping up until p99 ≥ 1 s or a lead gets no SMS)\n`,
    );
    for (const r of sustainedFig.steps)
      log(
        `- ${r.offeredPerSecond} leads/s offered: ${r.timed}/${r.leads} leads got their SMS, ${r.throughput.toFixed(0)} leads/s through, p50 ${r.p50.toFixed(0)} ms, p99 ${r.p99.toFixed(0)} ms, CPU ${r.cpuMsPerLead!.toFixed(1)} ms/lead`,
      );
    log(`- sustained: ${sustainedFig.sustainedPerSecond} leads/s with p99 < 1 s (goal ≥ 150)\n`);

    // The read and purchase figures measure the stack, not the stack plus the pipeline's tail: wait
    // (bounded) until its SMS are handed over and its events published, and say how long that took.
    const settled = await waitForBacklog(stack, smoke ? 30_000 : 240_000);
    report.backlogDrain = settled;
    report.quietBeforeReads = await waitForQuietCpu(stack, { quietMsPerSecond: 200, maxMs: smoke ? 20_000 : 120_000 });
    log(
      `Backlog after the pipeline figures worked off in ${(settled.waitedMs / 1000).toFixed(0)} s` +
        (settled.left.deliveries || settled.left.unpublishedEvents
          ? ` (gave up with ${settled.left.deliveries} deliveries and ${settled.left.unpublishedEvents} events still queued)`
          : '') +
        '.\n',
    );

    const admin = await adminToken(stack.url);
    await fund(stack.url, admin, contractors, 1000);
    const dashboard = await dashboardFigure(stack.url, contractors.slice(0, plan.dashboardContractors), {
      rounds: plan.rounds,
      runs: plan.runs,
    });
    report.dashboard = dashboard;
    log(`## 4. Dashboard read (${dashboard.contractors} contractors load at once)\n`);
    for (const [name, m] of Object.entries(dashboard.perCall)) log(`- ${name}: p99 ${fmt(m, 0, ' ms')}`);
    log(
      `- slowest: ${dashboard.slowest.call}, p99 ${fmt(dashboard.slowest.p99, 0, ' ms')}; errors ${dashboard.errors} (goal: < 100 ms)\n`,
    );
    for (const e of dashboard.errorSamples) log(`  - error: ${e}`);

    // Before each purchase figure: the SMS and events of the leads it just submitted are done, and
    // the stack is quiet, so the figure measures purchases, not purchases plus that pipeline's tail.
    const settle = async () => {
      await waitForBacklog(stack, smoke ? 20_000 : 60_000);
      await waitForQuietCpu(stack, { quietMsPerSecond: 200, maxMs: smoke ? 10_000 : 30_000 });
    };

    // Figure 4b: the same first paint, at a steady rate while leads keep arriving at figure 2's rate —
    // the load users meet (figure 4 above is the burst). Its leads' tail is worked off before the
    // purchase figures, which must not race for seats with it.
    const mixed = await mixedPaintFigure(stack, contractors.slice(0, plan.dashboardContractors), {
      paintsPerSecond: plan.mixedPaintsPerSecond,
      leadsPerSecond: plan.rate,
      seconds: plan.mixedSeconds,
      maxSettleMs: smoke ? 10_000 : 90_000,
      tag: 'm',
    });
    report.mixedPaint = mixed;
    log(
      `## 4b. Dashboard first paint at ${plan.mixedPaintsPerSecond}/s while the pipeline runs ${plan.rate} leads/s (${plan.mixedSeconds} s, both open loop)\n`,
    );
    for (const l of mixedPaintLines(mixed)) log(l);
    log('');
    await settle();
    const contention = await contentionFigure(stack.url, stack.databaseUrl, contractors, {
      settle,
      leads: plan.leads,
      runs: smoke ? 1 : 1,
      pgbenchSeconds: plan.pgbenchSeconds,
      pgbenchClients: pools.benchClients,
    });
    report.contention = contention;
    log(
      `## 3. Purchase contention (${contention.contractors} contractors race for each of ${contention.leads} leads)\n`,
    );
    log(
      `- exactly one winner per lead: ${contention.exactlyOneWinner} (${contention.leadsWithOneWinner}/${contention.leads})`,
    );
    log(
      `- ${fmt(contention.attemptsPerSecond, 0, ' purchase attempts/s')}, ${fmt(contention.salesPerSecond, 1, ' sales/s')}, p99 ${fmt(contention.p99, 0, ' ms')}`,
    );
    log(
      `- pgbench tpcb-like at ${contention.pgbench.clients} clients: ${fmt(contention.pgbench.tps, 0, ' tps')}; ratio ${fmt(contention.ratio, 2)} (goal ≥ 0.5)\n`,
    );
    const differentLeads = await differentLeadsFigure(stack.url, stack.databaseUrl, contractors, {
      settle,
      buyers: Math.min(100, contractors.length),
      bursts: smoke ? 1 : 3,
      runs: smoke ? 1 : plan.runs,
      pgbenchSeconds: plan.pgbenchSeconds,
    });
    report.differentLeads = differentLeads;
    logDifferentLeads(differentLeads, log);

    // A lead's whole life: every lead bought as soon as its SMS arrives, to the customer told; its CPU
    // beside the floor of the hops that life needs, measured now on the same machine.
    await settle();
    const life = await wholeLifeRun(stack, contractors, {
      ratePerSecond: plan.rate,
      seconds: plan.wholeLifeSeconds,
      maxSettleMs: smoke ? 10_000 : 60_000,
      tag: 'life',
    });
    const floor = await floorPerLead(
      WHOLE_LIFE,
      smoke ? { count: 200, concurrency: 10 } : { count: 3000, concurrency: 10 },
    );
    report.wholeLife = { ...life, floorMsPerLead: floor, ratioToFloor: life.cpuMsPerLead / floor };
    log(
      `## 2c. A lead's whole life (submitted → screened → priced → matched → SMS → bought at once by an offered contractor → customer told), ${plan.rate} leads/s for ${plan.wholeLifeSeconds} s
`,
    );
    log(
      `- ${life.sold}/${life.leads} leads sold (${life.lostClaims} claims lost a race), ${life.told} customers told; ${life.throughput.toFixed(0)} leads/s through their whole life`,
    );
    log(
      `- submit → the offer SMS that sold: p50 ${life.firstSmsP50.toFixed(0)} ms, p99 ${life.firstSmsP99.toFixed(0)} ms; purchase → customer told: p50 ${life.toldP50.toFixed(0)} ms, p99 ${life.toldP99.toFixed(0)} ms (goals: each p99 < 1 s)`,
    );
    log(
      `- CPU per lead, whole life: ${life.cpuMsPerLead.toFixed(1)} ms against a floor of ${floor.toFixed(2)} ms for its hops (${WHOLE_LIFE.transactions} transactions, ${WHOLE_LIFE.publishes} events, ${WHOLE_LIFE.httpRequests} HTTP requests): ${(life.cpuMsPerLead / floor).toFixed(1)}× (goal ≤ 3×); ${byProcess(life.cpuByProcess, 0.2)}\n`,
    );

    // Figure 7: one LeadMatched offering a lead to every contractor, published on the stack's own bus
    // namespace, to `liveTabs` open dashboard streams per contractor through the gateway. It runs after
    // the contention figure: the SMS it makes notification send must not disturb the other figures.
    const bus = await RabbitMqEventBus.connect({
      url: stack.amqpUrl,
      namespace: stack.busNamespace,
      logger: createLogger('bench', 'warn'),
    });
    try {
      const live = await liveFanoutFigure(stack.url, contractors, (e) => bus.publish(e), {
        tabs: plan.liveTabs,
        runs: plan.runs,
      });
      report.liveFanout = live;
      log(
        `## 7. Live dashboard fan-out (one event to ${live.streams} open SSE streams of ${live.contractors} contractors)\n`,
      );
      log(
        `- delivery after publish: p50 ${fmt(live.p50, 0, ' ms')}, p99 ${fmt(live.p99, 0, ' ms')}; missed ${live.missed} (goal: p99 < 250 ms)\n`,
      );
    } finally {
      await bus.close();
    }

    log('## 5. Web (Lighthouse, mobile settings)\n');
    try {
      const web = await webFigure(stack.url, ['/', '/hvac']);
      report.web = web;
      for (const p of web)
        log(
          `- ${p.path}: performance ${p.performance}, accessibility ${p.accessibility}, JavaScript ${p.scriptGzipKb.toFixed(1)} KB gzip (goal: ≥ 95, 100, landing < 100 KB)`,
        );
    } catch (err) {
      // A figure's error is reported, not fatal: the figures above are still written.
      log(`- not measured: ${(err as Error).message}`);
    }
  } finally {
    clearInterval(loadTimer);
    clearTimeout(watchdog);
    await stack.stop();
  }
  if (loads.length)
    log(`\nLoad average (1 min) during the run: ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}.`);
  report.loadAverage = loads;
  log(
    `\nLoad average at end ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}.`,
  );
  log(`Total time ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  mkdirSync(RESULTS, { recursive: true });
  const name = smoke ? 'smoke' : 'latest';
  writeFileSync(`${RESULTS}/${name}.md`, lines.join('\n') + '\n');
  writeFileSync(`${RESULTS}/${name}.json`, JSON.stringify(report, null, 2));
  console.log(`\nwrote bench/results/${name}.md and .json`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
