import type { AdminStats } from '../api/types';
import { formatMoney } from '../utils/format';

/** Statistics: four cards (§2 tab 1); a placeholder, never a zero, until the numbers arrive. */
export function StatsTab({ stats }: { stats: AdminStats | null }) {
  const count = (n: number | undefined) => Number(n ?? 0).toLocaleString('en-US');
  const cards: Array<[string, string]> = stats
    ? [
        ['Total Leads', count(stats.totalLeads)],
        ['Total Contractors', count(stats.totalContractors)],
        ['Total Revenue', formatMoney(stats.totalRevenue)],
        ['Active Contractors', count(stats.activeContractors)],
      ]
    : ['Total Leads', 'Total Contractors', 'Total Revenue', 'Active Contractors'].map((l) => [l, '…']);
  return (
    <div className="admin-stats" aria-busy={stats === null}>
      {cards.map(([label, value]) => (
        <section key={label} className="admin-card admin-stat" aria-label={label}>
          <h2 className="admin-stat__label">{label}</h2>
          <p className={stats ? 'admin-stat__value' : 'admin-stat__value admin-placeholder'}>
            {stats ? value : <span aria-label="Loading">{value}</span>}
          </p>
        </section>
      ))}
    </div>
  );
}
