import { readdirSync, readFileSync } from 'node:fs';
import { connectionHeadroom, planPools } from './connections.js';
import { intakeFigure } from './figures/intake.js';
import { startBenchStack } from './stack.js';

/**
 * Profile the intake path: run the stack with `node --cpu-prof`, load leads-submit, stop, and print
 * where each service process spent its CPU (self time by function, top entries).
 * Usage: PROFILE_DIR=/tmp/prof npx tsx bench/src/profile-intake.ts
 */
const dir = process.env.PROFILE_DIR ?? '/tmp/leadmarket-prof';
process.env.STACK_NODE_ARGS = `--cpu-prof --cpu-prof-dir=${dir}`;
const pools = planPools(
  await connectionHeadroom(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'),
);
const stack = await startBenchStack({ poolSize: pools.servicePool });
delete process.env.STACK_NODE_ARGS;
try {
  const fig = await intakeFigure(stack.url, stack.databaseUrl, {
    levels: [20],
    seconds: 10,
    runs: 1,
    anchorPool: pools.benchClients,
  });
  console.log(`intake at 20 connections: ${fig.levels[0]!.ours.median.toFixed(0)} req/s`);
} finally {
  await stack.stop();
}
await new Promise((r) => setTimeout(r, 2000));

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
  const profile = JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')) as {
    nodes: Node[];
    startTime: number;
    endTime: number;
    samples: number[];
  };
  const urls = profile.nodes.map((n) => n.callFrame.url).join(' ');
  const service =
    urls.match(/services\/([a-z-]+)\/src/)?.[1] ?? (urls.includes('gateway/src/main.ts') ? 'gateway' : undefined);
  if (!service) continue;
  const total = profile.samples.length;
  const byFn = new Map<string, number>();
  const byArea = new Map<string, number>();
  const counts = new Map<number, number>();
  for (const s of profile.samples) counts.set(s, (counts.get(s) ?? 0) + 1);
  for (const n of profile.nodes) {
    const hits = counts.get(n.id) ?? 0;
    if (!hits) continue;
    const url = n.callFrame.url.replace(/^.*node_modules\//, 'nm:').replace(/^.*\/work\/main\//, '');
    const key = `${n.callFrame.functionName || '(anon)'} ${url}:${n.callFrame.lineNumber}`;
    byFn.set(key, (byFn.get(key) ?? 0) + hits);
    const area =
      n.callFrame.functionName === '(idle)'
        ? 'idle'
        : url.startsWith('nm:')
          ? url.split('/')[0]!.replace('nm:', '') +
            (url.split('/')[0] === 'nm:@fastify' || url.split('/')[0]?.startsWith('nm:@')
              ? '/' + url.split('/')[1]
              : '')
          : url === ''
            ? '(native/gc)'
            : url.startsWith('node:')
              ? 'node core'
              : 'our code';
    byArea.set(area, (byArea.get(area) ?? 0) + hits);
  }
  const pct = (h: number) => `${((100 * h) / total).toFixed(1)}%`;
  console.log(`\n## ${service} (${file})`);
  console.log(
    'by area: ' +
      [...byArea]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([k, v]) => `${k} ${pct(v)}`)
        .join(', '),
  );
  for (const [k, v] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, 6)) console.log(`  ${pct(v)} ${k}`);
}
