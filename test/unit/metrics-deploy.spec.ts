import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

/** deploy/grafana-dashboard.json and deploy/prometheus-alerts.yml name only metrics the processes define. */
describe('the dashboard and the alert rules', () => {
  const root = path.resolve(__dirname, '../..');
  const sources = ['libs/common/src/metrics', 'apps/api/src/metrics', 'apps/worker/src/metrics']
    .flatMap((d) => readdirSync(path.join(root, d)).map((f) => readFileSync(path.join(root, d, f), 'utf8')))
    .join('\n');
  const defined = new Set([...sources.matchAll(/name: '(dcs_[a-z0-9_]+)'/g)].map((m) => m[1]));
  // prom-client's default metrics, under the `dcs_` prefix (collectDefaultMetrics)
  const known = (name: string) => defined.has(name.replace(/_(bucket|sum|count)$/, '')) || (name.startsWith('dcs_nodejs_') && sources.includes("prefix: 'dcs_'"));
  const used = (text: string) => [...new Set([...text.matchAll(/\b(dcs_[a-z0-9_]+)\b/g)].map((m) => m[1]))].filter((n) => !n.startsWith('dcs_saturday'));

  it('dashboard', () => {
    const text = readFileSync(path.join(root, 'deploy/grafana-dashboard.json'), 'utf8');
    const dash = JSON.parse(text) as { panels: { targets: { expr: string }[] }[] };
    expect(dash.panels.length).toBeGreaterThan(5);
    const names = used(dash.panels.flatMap((p) => p.targets.map((t) => t.expr)).join('\n'));
    expect(names.length).toBeGreaterThan(8);
    expect(names.filter((n) => !known(n))).toEqual([]);
  });

  it('alert rules: ack p99, clock lag, failed jobs, a table with no move for 2 minutes', () => {
    const text = readFileSync(path.join(root, 'deploy/prometheus-alerts.yml'), 'utf8');
    const rules = (parse(text) as { groups: { rules: { alert: string; expr: string }[] }[] }).groups.flatMap((g) => g.rules);
    expect(rules.map((r) => r.alert)).toEqual(expect.arrayContaining(['ActionAckSlow', 'TurnClockLag', 'JobsFailing', 'TableWithoutMove']));
    expect(used(rules.map((r) => r.expr).join('\n')).filter((n) => !known(n))).toEqual([]);
  });
});
