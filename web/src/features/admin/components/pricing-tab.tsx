import { useCallback, useEffect, useState } from 'react';
import {
  ADMIN_BANNER_SHORT_MS,
  ADMIN_CATEGORIES,
  ADMIN_PRICING_HISTORY_SHOWN,
  DEFAULT_LEAD_PRICE_CENTS,
  LEAD_TYPES,
} from '@leadmarket/contracts/constants';
import { MESSAGES } from '@leadmarket/contracts/messages';
import { AdminSessionExpired, type AdminApi } from '../api/admin-api';
import type { LeadPrice, PricingChange } from '../api/types';
import { formatDateTime, formatMoney } from '../utils/format';
import { parsePriceInput } from '../utils/validation';
import { AdminTable } from './admin-table';
import { reportFailure, type Notify } from './notify';

const TYPE_LABELS: Record<string, string> = { standard: 'Standard', premium: 'Premium', emergency: 'Emergency' };
/** What a lead costs when its category has no price set (§9). */
const DEFAULT_PRICE = DEFAULT_LEAD_PRICE_CENTS / 100;
const PRICE_COLUMNS = ['Category', ...LEAD_TYPES.map((t) => TYPE_LABELS[t])];
const HISTORY_COLUMNS = ['Category', 'Type', 'Old Price', 'New Price', 'Date'];
const cellKey = (category: string, type: string) => `${category}\u0000${type}`;

/** Lead Pricing (§2 tab 5): a price matrix with Save per cell and the last 10 changes. */
export function PricingTab({ api, notify, refreshKey }: { api: AdminApi; notify: Notify; refreshKey: number }) {
  const [prices, setPrices] = useState<LeadPrice[]>([]);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [history, setHistory] = useState<PricingChange[]>([]);
  const [saving, setSaving] = useState('');

  const load = useCallback(async () => {
    // §8: pricing and history load failures are only logged.
    const [priceResult, historyResult] = await Promise.allSettled([api.leadPrices(), api.pricingHistory()]);
    if (priceResult.status === 'fulfilled') {
      setPrices(priceResult.value);
      setDrafts(
        Object.fromEntries(
          priceResult.value.map((p) => [cellKey(p.category, p.lead_type), Number(p.price).toFixed(2)]),
        ),
      );
    } else if (!(priceResult.reason instanceof AdminSessionExpired))
      console.error('admin-lead-pricing failed', priceResult.reason);
    if (historyResult.status === 'fulfilled') setHistory(historyResult.value);
    else if (!(historyResult.reason instanceof AdminSessionExpired))
      console.error('admin-pricing-history failed', historyResult.reason);
  }, [api]);

  useEffect(() => {
    void load();
  }, [load, refreshKey]);

  // The dashboard's categories first, then any other category the server prices.
  const categories = [
    ...ADMIN_CATEGORIES,
    ...new Set(prices.map((p) => p.category).filter((c) => !(ADMIN_CATEGORIES as readonly string[]).includes(c))),
  ];

  async function save(category: string, type: string) {
    const key = cellKey(category, type);
    const price = parsePriceInput(drafts[key] ?? '');
    setSaving(key);
    try {
      await api.setLeadPrice(category, type, price);
      notify.success(MESSAGES.adminSuccess.pricingUpdated(category, type, price.toFixed(2)), ADMIN_BANNER_SHORT_MS);
      await load();
    } catch (error) {
      reportFailure(notify, error, MESSAGES.admin.pricingFailed, MESSAGES.admin.pricingError, ADMIN_BANNER_SHORT_MS);
    } finally {
      setSaving('');
    }
  }

  return (
    <div className="admin-tab-stack">
      <section className="admin-card" aria-labelledby="pricing-title">
        <h2 id="pricing-title">Lead Pricing</h2>
        <p id="pricing-default-hint" className="admin-muted">
          A cell left empty has no price of its own: leads there cost the default {formatMoney(DEFAULT_PRICE)}.
        </p>
        <AdminTable columns={PRICE_COLUMNS} tableClassName="admin-pricing">
          {categories.map((category) => (
            <tr key={category}>
              <th scope="row">{category}</th>
              {LEAD_TYPES.map((type) => {
                const key = cellKey(category, type);
                const id = `price-${category}-${type}`;
                return (
                  <td key={type}>
                    <div className="admin-price-cell">
                      <label htmlFor={id} className="visually-hidden">
                        {`${category} ${TYPE_LABELS[type]} price`}
                      </label>
                      <span aria-hidden="true">$</span>
                      <input
                        id={id}
                        type="number"
                        step="0.01"
                        min="0"
                        inputMode="decimal"
                        value={drafts[key] ?? ''}
                        placeholder={DEFAULT_PRICE.toFixed(2)}
                        aria-describedby={drafts[key] ? undefined : 'pricing-default-hint'}
                        onChange={(e) => setDrafts((d) => ({ ...d, [key]: e.target.value }))}
                      />
                      <button
                        type="button"
                        className="admin-button admin-button--small"
                        onClick={() => save(category, type)}
                        disabled={saving === key}
                        aria-label={`Save ${category} ${TYPE_LABELS[type]} price`}
                      >
                        {saving === key ? 'Saving...' : 'Save'}
                      </button>
                    </div>
                  </td>
                );
              })}
            </tr>
          ))}
        </AdminTable>
      </section>
      <section className="admin-card" aria-labelledby="pricing-history-title">
        <h2 id="pricing-history-title">Recent Pricing Changes</h2>
        <AdminTable
          columns={HISTORY_COLUMNS}
          wrapClassName="admin-scroll"
          isEmpty={history.length === 0}
          emptyText="No pricing changes yet"
        >
          {history.slice(0, ADMIN_PRICING_HISTORY_SHOWN).map((h, i) => (
            <tr key={`${h.timestamp}-${h.category}-${h.lead_type}-${i}`}>
              <td>{h.category}</td>
              <td>{TYPE_LABELS[h.lead_type] ?? h.lead_type}</td>
              <td>{h.old_price === null || h.old_price === undefined ? 'N/A' : formatMoney(h.old_price)}</td>
              <td>{formatMoney(h.new_price)}</td>
              <td>{formatDateTime(h.timestamp)}</td>
            </tr>
          ))}
        </AdminTable>
      </section>
    </div>
  );
}
