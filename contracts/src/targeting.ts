// The one rule for who a lead targets: matching offers by it, wallet-ledger sells by it.
/**
 * How a lead's category meets a contractor's industry.
 *
 * The lead forms send `service_category` + `sub_service` from the same catalogue contractors pick
 * `industry` + `sub_service` from (e.g. home_services / hvac), but spellings drift: the admin test
 * form sends 'HVAC' as the category, landing pages say 'Real Estate', the catalogue 'real_estate'.
 * So both sides are normalised (case, spaces and punctuation folded to '_'), a trade used as a
 * category ('HVAC', 'Plumbing', 'Electrical', 'Roofing') counts as the home_services industry with
 * that trade as its sub-service (whatever free text came as sub_service), and 'auto' is 'automotive'.
 * A contractor fits a lead when the industries are equal and the sub-services are equal.
 */

const HOME_SERVICE_TRADES = new Set(['hvac', 'plumbing', 'electrical', 'roofing']);
const INDUSTRY_ALIASES: Record<string, string> = {
  auto: 'automotive',
  home_service: 'home_services',
  home: 'home_services',
};

/** Fold a catalogue value to its comparable form: lower case, non-alphanumerics as single '_'. */
export const normalizeCatalogValue = (value: string): string =>
  value
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');

/** The (industry, sub-service) pair a category and sub-service denote after aliases. */
export function canonicalTarget(category: string, subService: string): { industry: string; subService: string } {
  const industry = normalizeCatalogValue(category);
  const sub = normalizeCatalogValue(subService);
  if (HOME_SERVICE_TRADES.has(industry)) return { industry: 'home_services', subService: industry };
  return { industry: INDUSTRY_ALIASES[industry] ?? industry, subService: sub };
}

/** True when a contractor's industry and sub-service are the lead's. */
export function targetsMatch(
  lead: { service_category: string; sub_service: string },
  contractor: { industry: string; sub_service: string },
): boolean {
  const a = canonicalTarget(lead.service_category, lead.sub_service);
  const b = canonicalTarget(contractor.industry, contractor.sub_service);
  return a.industry === b.industry && a.subService === b.subService && a.subService !== '';
}
