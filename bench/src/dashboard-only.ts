import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { call, dashboardSetup, signupContractors, type BenchContractor } from './client.js';
import { servicePoolSize } from './connections.js';
import { CpuMeter } from './cpu.js';
import { idleCpuRate, total } from './figures/pipeline.js';
import { waitForQuietCpu } from './settle.js';
import { startBenchStack } from './stack.js';
import { largestFirst, percentile } from './stats.js';
import { runScript } from './script.js';

/**
 * `npm run bench:dashboard -- [contractors] [rounds] [leads]`: only figure 4's first paint
 * (`contractors` contractors open the dashboard at once, `rounds` times), with the CPU and the write
 * system calls of each stack process and PostgreSQL backend per first paint, to measure one change to
 * the dashboard's path in a couple of minutes instead of the whole `npm run bench`.
 *
 * Set-up as figure 4 sees it after the pipeline figures: every contractor serves the bench ZIP and
 * trade, `leads` leads were submitted there (so the Available tab is a full page of cards), every
 * wallet was funded, and half the contractors bought a lead each. One unmeasured round warms up.
 */
const contractorCount = Number(process.argv[2] ?? 100);
const rounds = Number(process.argv[3] ?? 5);
const leadCount = Number(process.argv[4] ?? 150);

/** redis-server's pid: the gateway's session and rate-limit look-ups run there (shared, shown apart). */
function redisPids(): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/comm`, 'utf8').trim() === 'redis-server') pids.push(Number(name));
    } catch {
      /* gone */
    }
  }
  return pids;
}

async function firstPaint(base: string, c: BenchContractor) {
  return call(base, 'contractors-dashboard', { query: { contractor_id: c.id }, token: c.token });
}

/** With PROFILE_DIR, every stack process runs under `node --cpu-prof` (profiles written there at stop). */
const profileDir = process.env.PROFILE_DIR;

async function main() {
  if (profileDir) process.env.STACK_NODE_ARGS = `--cpu-prof --cpu-prof-dir=${profileDir}`;
  const poolSize = await servicePoolSize();
  const stack = await startBenchStack({ poolSize });
  try {
    const contractors = await signupContractors(stack.url, contractorCount, Date.now().toString(36));
    const { leads, bought } = await dashboardSetup(stack.url, contractors, contractors, leadCount, 'd');
    await waitForQuietCpu(stack, { quietMsPerSecond: 200, maxMs: 60_000 });
    const idle = await idleCpuRate(stack, 3000);

    // Warm-up: connections opened, code compiled, caches filled as after any earlier load.
    const warm = await Promise.all(contractors.map((c) => firstPaint(stack.url, c)));
    const sample = warm.find((r) => r.status === 200)?.body;
    console.log(
      `${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}; pools of ${poolSize}; ${contractors.length} contractors, ` +
        `${leads.length} leads, ${bought} bought; a first paint is ` +
        `${JSON.stringify(sample ?? {}).length} bytes (the Available tab's count ${sample?.total_available ?? '?'}; its cards come when the tab opens)`,
    );

    if (process.env.DASH_FLOOR) {
      // The floor: the gateway's own /healthz (no hop, no session), 100 at once, CPU per request by process.
      const floor = await stack.cpuMeter();
      for (let r = 0; r < rounds; r++)
        await Promise.all(contractors.map(() => fetch(`${stack.url}/healthz`).then((res) => res.text())));
      const f = await floor.stop();
      const n = rounds * contractors.length;
      console.log(
        `floor: ${n} GET /healthz at the gateway, CPU per request ${largestFirst(Object.fromEntries(Object.entries(f.byKind).map(([k, v]) => [k, v / n])), 3)}`,
      );
    }
    const redis = new CpuMeter(async () => redisPids().map((pid) => ({ pid, kind: 'redis (shared)' })));
    await redis.start();
    const meter = await stack.cpuMeter();
    const started = performance.now();
    const times: number[] = [];
    const roundP99: number[] = [];
    let errors = 0;
    let incomplete = 0;
    const errorSamples: string[] = [];
    for (let r = 0; r < rounds; r++) {
      const results = await Promise.all(contractors.map((c) => firstPaint(stack.url, c)));
      for (const res of results) {
        times.push(res.ms);
        if (res.status !== 200) {
          errors++;
          if (errorSamples.length < 3) errorSamples.push(`${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
        } else if (Array.isArray(res.body?.missing)) incomplete++;
      }
      roundP99.push(
        percentile(
          results.map((res) => res.ms),
          99,
        ),
      );
    }
    const windowMs = performance.now() - started;
    // The measured window on the monotonic clock the profiles' timestamps use (µs), to cut them to it.
    if (profileDir)
      console.log(
        `profile window (µs, monotonic): ${(process.hrtime.bigint() / 1000n - BigInt(Math.round(windowMs * 1000))).toString()} ${(process.hrtime.bigint() / 1000n).toString()}`,
      );
    const cpu = await meter.stop();
    const redisCpu = await redis.stop();
    const paints = rounds * contractors.length;
    const per = (byKind: Record<string, number>) =>
      Object.fromEntries(Object.entries(byKind).map(([k, v]) => [k, v / paints]));
    const cpuPer = per(cpu.byKind);
    const node = total(Object.fromEntries(Object.entries(cpuPer).filter(([k]) => k.startsWith('node'))));
    const netMs = Math.max(0, cpu.totalMs - (idle * windowMs) / 1000) / paints;

    console.log(
      `${paints} first paints (${rounds} rounds of ${contractors.length} at once): p50 ${percentile(times, 50).toFixed(0)} ms, ` +
        `p99 ${percentile(times, 99).toFixed(0)} ms (rounds' p99 ${roundP99.map((v) => v.toFixed(0)).join(', ')}); ` +
        `errors ${errors}, with a part missing ${incomplete}`,
    );
    for (const e of errorSamples) console.log(`  error: ${e}`);
    console.log(
      `CPU per first paint ${(cpu.totalMs / paints).toFixed(2)} ms (net of idle ${netMs.toFixed(2)}; node ${node.toFixed(2)}, ` +
        `PostgreSQL ${(cpu.totalMs / paints - node).toFixed(2)}): ${largestFirst(cpuPer, 2)}`,
    );
    console.log(`  of it in the kernel (system time): ${largestFirst(per(cpu.systemByKind), 2)}`);
    console.log(`  redis-server (shared, not in the total): ${(redisCpu.totalMs / paints).toFixed(2)} ms`);
    const writes = per(cpu.writesByKind);
    console.log(`write system calls per first paint ${total(writes).toFixed(1)}: ${largestFirst(writes, 1, 0.05)}`);
  } finally {
    await stack.stop();
  }
}

runScript(main);
