import type { AdminStats } from '../api/types';
import { formatMoney } from '../utils/format';

/** Statistics: four cards (§2 tab 1). */
export function StatsTab({ stats }: { stats: AdminStats | null }) {
  const cards: Array<[string, string]> = [
    ['Total Leads', String(stats?.totalLeads ?? 0)],
    ['Total Contractors', String(stats?.totalContractors ?? 0)],
    ['Total Revenue', formatMoney(stats?.totalRevenue)],
    ['Active Contractors', String(stats?.activeContractors ?? 0)],
  ];
  return (
    <div className="admin-stats">
      {cards.map(([label, value]) => (
        <section key={label} className="admin-card admin-stat" aria-label={label}>
          <h2 className="admin-stat__label">{label}</h2>
          <p className="admin-stat__value">{value}</p>
        </section>
      ))}
    </div>
  );
}
