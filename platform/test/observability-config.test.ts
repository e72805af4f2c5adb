import { readFileSync } from 'node:fs';
import { EVENT_SCHEMAS } from '@leadmarket/contracts';
import client from 'prom-client';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { collectProcessMetrics, METRIC_NAMES } from '../src/metrics.js';

const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

interface Rule {
  alert: string;
  expr: string;
  annotations: { summary: string; runbook_url: string };
}
const rules: Rule[] = parse(read('deploy/observability/alerts.yaml')).groups.flatMap((g: { rules: Rule[] }) => g.rules);
const dashboard = JSON.parse(read('deploy/observability/grafana-dashboard.json'));
const dashboardQueries: string[] = dashboard.panels.flatMap((p: { targets?: { expr: string }[] }) =>
  (p.targets ?? []).map((t) => t.expr),
);

/** Every name a scrape shows: each metric, and a histogram's _bucket, _sum and _count series. */
function exportedSeries(): Set<string> {
  collectProcessMetrics();
  return new Set(
    client.register
      .getMetricsAsArray()
      .flatMap((m) =>
        String(m.type) === 'histogram' ? ['_bucket', '_sum', '_count'].map((s) => m.name + s) : [m.name],
      ),
  );
}

/** The metric names a PromQL expression reads (label matchers, groupings and functions left out). */
const metricsIn = (expr: string) =>
  [
    ...expr
      .replace(/\{[^}]*\}/g, '')
      .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, '')
      .matchAll(/\b([a-z_][a-z0-9_]*)\b(?!\s*\()/g),
  ]
    .map((m) => m[1]!)
    .filter((name) => name.includes('_'));

describe('dashboard and alert rules (deploy/observability)', () => {
  const exported = exportedSeries();
  const queries = [...rules.map((r) => r.expr), ...dashboardQueries];

  it('have the six alerts, each with a runbook section in docs/runbook.md', () => {
    expect(rules.map((r) => r.alert).sort()).toEqual(
      [
        'DeadLettersPresent',
        'HighServerErrorRate',
        'OperatorAttentionNeeded',
        'OutboxStuck',
        'ReadinessFlapping',
        'SmsFailureRate',
      ].sort(),
    );
    const runbook = read('docs/runbook.md');
    for (const rule of rules) {
      expect(runbook, rule.alert).toContain(`## ${rule.alert}\n`);
      expect(rule.annotations.runbook_url).toBe(`docs/runbook.md#${rule.alert.toLowerCase()}`);
    }
  });

  it('query only metrics the services export', () => {
    expect(dashboardQueries.length).toBeGreaterThan(8);
    for (const expr of queries) {
      const names = metricsIn(expr);
      expect(names.length, expr).toBeGreaterThan(0);
      for (const name of names) expect(exported, `${name} in ${expr}`).toContain(name);
    }
    // Every metric the services define is on the dashboard or behind an alert.
    const used = new Set(queries.flatMap(metricsIn).map((n) => n.replace(/_(bucket|sum|count)$/, '')));
    for (const name of Object.values(METRIC_NAMES)) expect(used, name).toContain(name);
  });

  it('name only event types the contracts know', () => {
    for (const expr of queries)
      for (const [, list] of expr.matchAll(/event_type=~?"([^"]+)"/g))
        for (const type of list!.split('|')) expect(Object.keys(EVENT_SCHEMAS), expr).toContain(type);
  });
});
