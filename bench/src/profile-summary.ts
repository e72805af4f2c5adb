import { readdirSync, readFileSync } from 'node:fs';

/** One node of a V8 CPU profile (`node --cpu-prof`). */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** What a frame's file belongs to: a package, node's core, V8 (no file), or our own code. */
function areaOf(url: string): string {
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1]!;
  if (url === '') return '(native/gc)';
  if (url.startsWith('node:')) return 'node core';
  return 'our code';
}

const shortUrl = (url: string) => url.replace(/^.*node_modules\//, '').replace(/^.*\/work\/[^/]+\//, '');

/**
 * Where each stack process spent its CPU, from the profiles `node --cpu-prof` wrote into `dir`: per
 * service, the share of busy samples by area (self time) and the functions with the most time
 * including their callees. Samples in the first `skipMs` of each profile (start-up, sign-ups before
 * the load) are left out, so the summary describes the load.
 */
export function summariseProfiles(
  dir: string,
  { skipMs = 0, top = 8, window }: { skipMs?: number; top?: number; window?: [bigint, bigint] } = {},
): string {
  const out: string[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')) as CpuProfile;
    const urls = profile.nodes.map((n) => n.callFrame.url).join(' ');
    const service =
      urls.match(/services\/([a-z-]+)\/src/)?.[1] ?? (urls.includes('gateway/src/main.ts') ? 'gateway' : undefined);
    if (!service) continue;
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const self = new Map<string, number>();
    const inclusive = new Map<string, number>();
    let busy = 0;
    let idle = 0;
    let t = 0;
    profile.samples.forEach((id, i) => {
      t += profile.timeDeltas[i] ?? 0;
      if (t < skipMs * 1000) return;
      if (window && (profile.startTime + t < Number(window[0]) || profile.startTime + t > Number(window[1]))) return;
      const node = byId.get(id)!;
      const name = node.callFrame.functionName;
      if (name === '(idle)' || name === '(program)') return void idle++;
      busy++;
      const area = areaOf(node.callFrame.url);
      self.set(area, (self.get(area) ?? 0) + 1);
      const seen = new Set<string>();
      for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
        const f = byId.get(cur)!.callFrame;
        if (!f.url || f.url.startsWith('node:')) continue;
        seen.add(`${f.functionName || '(anonymous)'} ${shortUrl(f.url)}:${f.lineNumber + 1}`);
      }
      for (const k of seen) inclusive.set(k, (inclusive.get(k) ?? 0) + 1);
    });
    if (busy === 0) continue;
    const pct = (n: number) => `${((100 * n) / busy).toFixed(1)}%`;
    const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);
    out.push(`\n## ${service} — busy ${((100 * busy) / (busy + idle)).toFixed(1)}% of the sampled time`);
    out.push(
      'self time by area: ' +
        sorted(self)
          .slice(0, 10)
          .map(([k, v]) => `${k} ${pct(v)}`)
          .join(', '),
    );
    for (const [k, v] of sorted(inclusive).slice(0, top)) out.push(`  ${pct(v)} incl. ${k}`);
  }
  return out.join('\n');
}
