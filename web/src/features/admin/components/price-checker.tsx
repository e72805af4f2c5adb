import { useState } from 'react';
import { URGENCIES, LEAD_TYPE_OF_URGENCY, type Urgency } from '@leadmarket/contracts/constants';
import { PRICED_CATALOGUE, resolveLeadPrice, type PriceEntry } from '@leadmarket/contracts/pricing';
import { SelectField } from '../../../components/ui/field';
import { formatMoney } from '../utils/format';
import { rowLabel } from '../utils/price-rows';

const SOURCE_WORDS = { trade: 'its trade row', industry: 'its industry row', default: 'the default price' } as const;

/** "Which price applies?": any lead of the catalogue, the price it pays and the row it comes from. */
export function PriceChecker({ prices, loaded }: { prices: PriceEntry[]; loaded: boolean }) {
  const [industry, setIndustry] = useState(PRICED_CATALOGUE[0]!.value);
  const [trade, setTrade] = useState(PRICED_CATALOGUE[0]!.sub_services[0]!.value);
  const [urgency, setUrgency] = useState<Urgency>('Standard');
  const trades = PRICED_CATALOGUE.find((i) => i.value === industry)?.sub_services ?? [];
  const resolved = resolveLeadPrice(prices, {
    service_category: industry,
    sub_service: trade,
    lead_type: LEAD_TYPE_OF_URGENCY[urgency],
  });
  return (
    <section className="admin-card" aria-labelledby="price-checker-title">
      <h2 id="price-checker-title">Which price applies?</h2>
      <div className="admin-form-grid">
        <SelectField
          id="price-check-industry"
          label="Industry"
          value={industry}
          onChange={(e) => {
            setIndustry(e.target.value);
            setTrade(PRICED_CATALOGUE.find((i) => i.value === e.target.value)?.sub_services[0]?.value ?? '');
          }}
          options={PRICED_CATALOGUE}
        />
        <SelectField
          id="price-check-trade"
          label="Sub-service"
          value={trade}
          onChange={(e) => setTrade(e.target.value)}
          options={trades}
        />
        <SelectField
          id="price-check-urgency"
          label="Urgency"
          value={urgency}
          onChange={(e) => setUrgency(e.target.value as Urgency)}
          options={URGENCIES.map((u) => ({ value: u, label: u }))}
        />
      </div>
      <p role="status" className="admin-price-answer">
        {loaded
          ? `${formatMoney(resolved.price_cents / 100)}: ${
              resolved.source === 'default'
                ? SOURCE_WORDS.default
                : `${SOURCE_WORDS[resolved.source]} (${rowLabel(resolved)} ${urgency})`
            }`
          : 'Loading prices…'}
      </p>
    </section>
  );
}
