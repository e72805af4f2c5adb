import {
  LOST_REASON_LABELS,
  LOST_REASONS,
  outcomeCategoryOf,
  type CategoryOutcomeFigures,
  type LeadOutcome,
  type LostReason,
  type OutcomeFigures,
} from '@leadmarket/contracts';

/*
 * THE OUTCOME FIGURES (docs/adr/0047-lead-outcomes.md). Over a set of purchases, refunded ones left
 * out (an approved refund takes a purchase out of every figure):
 *   - won: the buyer recorded "won"; or marked the lead completed (the spec's "booked") without
 *     recording lost or never reached. A won job is worth its recorded value; a completed lead
 *     without one counts at the configured average job value (won_estimated says how many did);
 *   - lost: recorded lost, or archived without being completed or given a verdict;
 *   - decided: won + lost + never reached; open: everything else (nothing, contacted, quoted);
 *   - close rate = won / decided (percent); spend = every counted purchase's price;
 *   - ROI ratio = won value / spend (the spec's N:1); net ROI = (won value − spend) / spend (percent).
 * The dashboard's metrics, the achievements card and the Reports tab all count with these.
 */

/** What the outcome figures read of one purchase. */
export interface OutcomeFact {
  price_cents: number;
  status: string;
  completed_at: Date | null;
  outcome?: LeadOutcome | null;
  job_value_cents?: number | null;
  lost_reason?: LostReason | null;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const counted = (p: OutcomeFact) => p.status !== 'refunded';

/** The final word on a purchase: won, lost, never reached, or still open. */
export function verdictOf(p: OutcomeFact): 'won' | 'lost' | 'never_reached' | 'open' {
  if (p.outcome === 'won' || p.outcome === 'lost' || p.outcome === 'never_reached') return p.outcome;
  if (p.completed_at) return 'won';
  // Archived without being completed or given a verdict: the buyer gave up on it.
  return p.status === 'archived' ? 'lost' : 'open';
}

/** A won purchase's job value in cents: the recorded one, else the average job value. */
export const wonValueCents = (p: OutcomeFact, averageJobValueCents: number) =>
  p.outcome === 'won' && p.job_value_cents ? p.job_value_cents : averageJobValueCents;

/** The figures of `purchases` (refunded ones are skipped here). */
export function outcomeFigures(purchases: readonly OutcomeFact[], averageJobValueCents: number): OutcomeFigures {
  let won = 0;
  let estimated = 0;
  let lost = 0;
  let neverReached = 0;
  let open = 0;
  let spend = 0;
  let value = 0;
  for (const p of purchases) {
    if (!counted(p)) continue;
    spend += p.price_cents;
    const verdict = verdictOf(p);
    if (verdict === 'won') {
      won++;
      if (!(p.outcome === 'won' && p.job_value_cents)) estimated++;
      value += wonValueCents(p, averageJobValueCents);
    } else if (verdict === 'lost') lost++;
    else if (verdict === 'never_reached') neverReached++;
    else open++;
  }
  const decided = won + lost + neverReached;
  return {
    leads_purchased: won + lost + neverReached + open,
    won,
    won_estimated: estimated,
    lost,
    never_reached: neverReached,
    open,
    close_rate: decided ? round2((won / decided) * 100) : 0,
    spend: spend / 100,
    won_value: value / 100,
    average_job_value: won ? round2(value / won / 100) : 0,
    roi_ratio: spend ? round2(value / spend) : 0,
    net_roi: spend ? round2(((value - spend) / spend) * 100) : 0,
  };
}

/** The figures per group, groups in order of first appearance of their key, refunded purchases left out. */
function groupBy<T extends OutcomeFact>(purchases: readonly T[], keyOf: (p: T) => string) {
  const groups = new Map<string, T[]>();
  for (const p of purchases) {
    if (!counted(p)) continue;
    const key = keyOf(p);
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  return groups;
}

/** Biggest first (most leads bought), then by name: the rows a person scans for where money goes. */
const byLeadsThen = (name: (r: { leads_purchased: number }) => string) => (a: OutcomeFigures, b: OutcomeFigures) =>
  b.leads_purchased - a.leads_purchased || name(a).localeCompare(name(b));

/** The figures per category: the price-matrix row of each purchase (a home-service trade, else its industry). */
export function outcomesByCategory(
  purchases: readonly (OutcomeFact & { service_category: string; sub_service: string })[],
  averageJobValueCents: number,
): CategoryOutcomeFigures[] {
  const rows = [...groupBy(purchases, (p) => outcomeCategoryOf(p.service_category, p.sub_service).key)].map(
    ([key, list]) => ({
      category: key,
      label: outcomeCategoryOf(list[0]!.service_category, list[0]!.sub_service).label,
      ...outcomeFigures(list, averageJobValueCents),
    }),
  );
  return rows.sort(byLeadsThen((r) => (r as CategoryOutcomeFigures).label));
}

/** The figures per ZIP code of the leads. */
export function outcomesByZip(
  purchases: readonly (OutcomeFact & { zip_code: string })[],
  averageJobValueCents: number,
): Array<OutcomeFigures & { zip_code: string }> {
  const rows = [...groupBy(purchases, (p) => p.zip_code)].map(([zip, list]) => ({
    zip_code: zip,
    ...outcomeFigures(list, averageJobValueCents),
  }));
  return rows.sort(byLeadsThen((r) => (r as OutcomeFigures & { zip_code: string }).zip_code));
}

/** How often each reason was given for a lost job (counted purchases), most frequent first; reasons never given are left out. */
export function lostReasonCounts(purchases: readonly OutcomeFact[]) {
  return LOST_REASONS.map((reason) => ({
    reason,
    label: LOST_REASON_LABELS[reason],
    count: purchases.filter((p) => counted(p) && p.outcome === 'lost' && p.lost_reason === reason).length,
  }))
    .filter((r) => r.count > 0)
    .sort((a, b) => b.count - a.count);
}
