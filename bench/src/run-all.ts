import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { adminToken, fund, signupContractors } from './client.js';
import { contentionFigure } from './figures/contention.js';
import { dashboardFigure } from './figures/dashboard.js';
import { differentLeadsFigure, logDifferentLeads } from './figures/different-leads.js';
import { intakeFigure } from './figures/intake.js';
import { liveFanoutFigure } from './figures/live-fanout.js';
import { pipelineFigure } from './figures/pipeline.js';
import { webFigure } from './figures/web.js';
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
      contractors: 10,
      leads: 3,
      pgbenchSeconds: 2,
      dashboardContractors: 10,
      rounds: 1,
      liveTabs: 2,
    }
  : {
      levels: [10, 50, 100],
      seconds: 5,
      runs: 3,
      rate: 50,
      pipelineSeconds: 60,
      contractors: 200,
      leads: Number(process.env.BENCH_CONTENTION_LEADS ?? 100),
      pgbenchSeconds: 10,
      dashboardContractors: 100,
      rounds: 3,
      // 200 contractors x 5 open dashboards = 1,000 streams.
      liveTabs: 5,
    };

async function main() {
  const started = Date.now();
  const lines: string[] = [];
  const log = (s: string) => {
    console.log(s);
    lines.push(s);
  };
  const stack = await startBenchStack();
  const report: Record<string, unknown> = {
    date: new Date().toISOString(),
    smoke,
    machine: { cores: cpus().length, memoryGiB: Math.round(totalmem() / 2 ** 30) },
  };
  try {
    log(
      `# leadmarket benchmarks${smoke ? ' (smoke)' : ''}\n\n${report.date}; ${cpus().length} cores, ${report.machine && (report.machine as any).memoryGiB} GiB; load average at start ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}; distributed stack (one process per service) on local PostgreSQL, RabbitMQ, Redis.\n`,
    );

    const intake = await intakeFigure(stack.url, stack.databaseUrl, {
      levels: plan.levels,
      seconds: plan.seconds,
      runs: plan.runs,
    });
    report.intake = intake;
    log('## 1. Lead intake (leads-submit through the gateway; anchor: bare Fastify + one INSERT)\n');
    for (const l of intake.levels)
      log(
        `- ${l.connections} connections: ${fmt(l.ours, 0, ' req/s')} vs anchor ${fmt(l.anchor, 0, ' req/s')}; ratio ${fmt(l.ratio, 2)}; p50 ${fmt(l.p50, 0, ' ms')}, p99 ${fmt(l.p99, 0, ' ms')}`,
      );
    log(
      `- at 100 req/s: p50 ${fmt(intake.at100rps.p50, 0, ' ms')}, p99 ${fmt(intake.at100rps.p99, 0, ' ms')} (goal: ratio ≥ 0.5, p99 < 50 ms)\n`,
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
    const pipeline = await pipelineFigure(stack, {
      ratePerSecond: plan.rate,
      seconds: plan.pipelineSeconds,
      runs: 1,
      maxSettleMs: smoke ? 10_000 : 90_000,
    });
    report.pipeline = pipeline;
    log(
      `## 2. Pipeline latency (submit reply → SMS at the provider), ${plan.rate} leads/s for ${plan.pipelineSeconds} s\n`,
    );
    log(
      `- ${pipeline.leads} leads submitted, ${pipeline.valid} screened valid, ${pipeline.sms} SMS sent; ${pipeline.matched} leads timed to their first SMS; p50 ${fmt(pipeline.p50, 0, ' ms')}, p99 ${fmt(pipeline.p99, 0, ' ms')} (goal: p50 < 50 ms, p99 < 250 ms)\n`,
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

    const contention = await contentionFigure(stack.url, stack.databaseUrl, contractors, {
      leads: plan.leads,
      runs: smoke ? 1 : 1,
      pgbenchSeconds: plan.pgbenchSeconds,
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
      buyers: Math.min(100, contractors.length),
      bursts: smoke ? 1 : 3,
      runs: smoke ? 1 : plan.runs,
      pgbenchSeconds: plan.pgbenchSeconds,
    });
    report.differentLeads = differentLeads;
    logDifferentLeads(differentLeads, log);

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

    const web = await webFigure(stack.url, ['/', '/hvac']);
    report.web = web;
    log('## 5. Web (Lighthouse, mobile settings)\n');
    for (const p of web)
      log(
        `- ${p.path}: performance ${p.performance}, accessibility ${p.accessibility}, JavaScript ${p.scriptGzipKb.toFixed(1)} KB gzip (goal: ≥ 95, 100, landing < 100 KB)`,
      );
  } finally {
    await stack.stop();
  }
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
