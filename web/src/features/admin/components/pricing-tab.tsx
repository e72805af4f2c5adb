import { useCallback, useEffect, useMemo, useState } from 'react';
import { ADMIN_BANNER_SHORT_MS, ADMIN_PRICING_HISTORY_SHOWN, LEAD_TYPES } from '@leadmarket/contracts/constants';
import { MESSAGES } from '@leadmarket/contracts/messages';
import {
  parseAdminPrice,
  PRICE_MATRIX_ROWS,
  PRICE_MESSAGES,
  resolveLeadPrice,
  type PriceEntry,
  type PriceMatrixRow,
  type PriceRowRef,
} from '@leadmarket/contracts/pricing';
import { ApiError } from '../../../lib/api';
import { AdminSessionExpired, type AdminApi } from '../api/admin-api';
import type { LeadPrice, PricingChange } from '../api/types';
import { formatDateTime, formatMoney } from '../utils/format';
import { rowLabel, sourceText } from '../utils/price-rows';
import { AdminTable } from './admin-table';
import { CategoryOutcomesCard } from './category-outcomes-card';
import { reportFailure, type Notify } from './notify';
import { PriceChecker } from './price-checker';

const TYPE_LABELS: Record<string, string> = { standard: 'Standard', premium: 'Premium', emergency: 'Emergency' };
const PRICE_COLUMNS = ['Row', ...LEAD_TYPES.map((t) => TYPE_LABELS[t]!)];
const HISTORY_COLUMNS = ['Row', 'Type', 'Old Price', 'New Price', 'Changed by', 'Date'];
const cellKey = (row: PriceRowRef, type: string) => `${row.category}\u0000${row.sub_service}\u0000${type}`;
const cellId = (row: PriceRowRef, type: string) =>
  `price-${row.category}${row.sub_service ? `-${row.sub_service}` : ''}-${type}`;

const toEntries = (prices: LeadPrice[]): PriceEntry[] =>
  prices.map((p) => ({ ...p, sub_service: p.sub_service ?? '', price_cents: Math.round(Number(p.price) * 100) }));

/**
 * Lead Pricing (§2 tab 5): one row per industry of the catalogue and, under Home Services, one per
 * trade. An empty cell says which row's price its leads pay (contracts' resolveLeadPrice, the one
 * wallet-ledger prices with). Each cell saves on its own, refuses a price that would give leads away,
 * and can be reset to fall back again.
 */
export function PricingTab({ api, notify, refreshKey }: { api: AdminApi; notify: Notify; refreshKey: number }) {
  const [prices, setPrices] = useState<LeadPrice[] | null>(null);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [history, setHistory] = useState<PricingChange[] | null>(null);
  const [saving, setSaving] = useState('');

  const load = useCallback(async () => {
    // §8: pricing and history load failures are only logged.
    const [priceResult, historyResult] = await Promise.allSettled([api.leadPrices(), api.pricingHistory()]);
    if (priceResult.status === 'fulfilled') {
      setPrices(priceResult.value);
      setDrafts(
        Object.fromEntries(
          priceResult.value.map((p) => [
            cellKey({ category: p.category, sub_service: p.sub_service ?? '' }, p.lead_type),
            Number(p.price).toFixed(2),
          ]),
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

  const entries = useMemo(() => toEntries(prices ?? []), [prices]);
  const ownPrice = (row: PriceRowRef, type: string) =>
    entries.find((e) => e.category === row.category && e.sub_service === row.sub_service && e.lead_type === type);

  function setError(key: string, message: string | null) {
    setErrors((e) => {
      const next = { ...e };
      if (message) next[key] = message;
      else delete next[key];
      return next;
    });
  }

  async function save(row: PriceMatrixRow, type: string) {
    const key = cellKey(row, type);
    const text = drafts[key] ?? '';
    let parsed = parseAdminPrice(text);
    // A zero is never a slip of the keyboard only when the admin typed 0 and says so.
    if (!parsed.ok && parsed.message === PRICE_MESSAGES.zeroUnconfirmed) {
      if (!window.confirm(`Set ${row.label} ${TYPE_LABELS[type]} to $0.00? These leads will be given away free.`)) {
        setError(key, parsed.message);
        return;
      }
      parsed = parseAdminPrice(text, true);
    }
    if (!parsed.ok) {
      setError(key, parsed.message);
      document.getElementById(cellId(row, type))?.focus();
      return;
    }
    setError(key, null);
    setSaving(key);
    try {
      const price = parsed.cents / 100;
      await api.setLeadPrice(row, type, price, parsed.cents === 0);
      notify.success(
        MESSAGES.adminSuccess.pricingUpdated(row.label, type, formatMoney(price).slice(1)),
        ADMIN_BANNER_SHORT_MS,
      );
      await load();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.serverMessage) setError(key, error.serverMessage);
      reportFailure(notify, error, MESSAGES.admin.pricingFailed, MESSAGES.admin.pricingError, ADMIN_BANNER_SHORT_MS);
    } finally {
      setSaving('');
    }
  }

  async function reset(row: PriceMatrixRow, type: string) {
    const key = cellKey(row, type);
    setSaving(key);
    try {
      await api.resetLeadPrice(row, type);
      setError(key, null);
      notify.success(`Reset ${row.label} ${type} pricing to default`, ADMIN_BANNER_SHORT_MS);
      await load();
    } catch (error) {
      reportFailure(notify, error, MESSAGES.admin.pricingFailed, MESSAGES.admin.pricingError, ADMIN_BANNER_SHORT_MS);
    } finally {
      setSaving('');
    }
  }

  return (
    <div className="admin-tab-stack">
      <section className="admin-card" aria-labelledby="pricing-title" aria-busy={prices === null}>
        <h2 id="pricing-title">Lead Pricing</h2>
        <p className="admin-muted">
          A lead pays its trade&apos;s price for its urgency, else its industry&apos;s, else the default. An empty cell
          shows the price its leads pay now and where it comes from.
        </p>
        {prices === null ? (
          <p className="admin-placeholder" role="status">
            Loading prices…
          </p>
        ) : (
          <AdminTable columns={PRICE_COLUMNS} tableClassName="admin-pricing">
            {PRICE_MATRIX_ROWS.map((row) => (
              <tr key={cellKey(row, '')} className={row.sub_service ? 'admin-pricing__trade' : undefined}>
                <th scope="row">
                  {row.label}
                  {row.parent_label && <div className="admin-muted">{row.parent_label} trade</div>}
                </th>
                {LEAD_TYPES.map((type) => {
                  const key = cellKey(row, type);
                  const id = cellId(row, type);
                  const own = ownPrice(row, type);
                  const applies = resolveLeadPrice(entries, {
                    service_category: row.category,
                    sub_service: row.sub_service || null,
                    lead_type: type,
                  });
                  const error = errors[key];
                  const noteId = `${id}-note`;
                  return (
                    <td key={type}>
                      <div className="admin-price-cell">
                        <label htmlFor={id} className="visually-hidden">
                          {`${row.label} ${TYPE_LABELS[type]} price`}
                        </label>
                        <span aria-hidden="true">$</span>
                        <input
                          id={id}
                          type="number"
                          step="0.01"
                          min="0"
                          inputMode="decimal"
                          value={drafts[key] ?? ''}
                          placeholder={(applies.price_cents / 100).toFixed(2)}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? `${id}-error` : own ? undefined : noteId}
                          onChange={(e) => {
                            setDrafts((d) => ({ ...d, [key]: e.target.value }));
                            if (error) setError(key, null);
                          }}
                        />
                        <button
                          type="button"
                          className="admin-button admin-button--small"
                          onClick={() => save(row, type)}
                          disabled={saving === key}
                          aria-label={`Save ${row.label} ${TYPE_LABELS[type]} price`}
                        >
                          {saving === key ? 'Saving...' : 'Save'}
                        </button>
                      </div>
                      {error ? (
                        <p id={`${id}-error`} className="field-error" role="alert">
                          {error}
                        </p>
                      ) : own ? (
                        <button
                          type="button"
                          className="admin-link-button"
                          onClick={() => reset(row, type)}
                          disabled={saving === key}
                          aria-label={`Reset ${row.label} ${TYPE_LABELS[type]} price to default`}
                        >
                          Reset to default
                        </button>
                      ) : (
                        <p id={noteId} className="admin-muted admin-price-note">
                          {formatMoney(applies.price_cents / 100)} from {sourceText(applies)}
                        </p>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </AdminTable>
        )}
      </section>
      <PriceChecker prices={entries} loaded={prices !== null} />
      <CategoryOutcomesCard api={api} refreshKey={refreshKey} />
      <section className="admin-card" aria-labelledby="pricing-history-title">
        <h2 id="pricing-history-title">Recent Pricing Changes</h2>
        <AdminTable
          columns={HISTORY_COLUMNS}
          wrapClassName="admin-scroll"
          isEmpty={history !== null && history.length === 0}
          emptyText="No pricing changes yet"
        >
          {history === null ? (
            <tr>
              <td colSpan={HISTORY_COLUMNS.length} className="admin-placeholder">
                Loading changes…
              </td>
            </tr>
          ) : (
            history.slice(0, ADMIN_PRICING_HISTORY_SHOWN).map((h, i) => (
              <tr key={`${h.timestamp}-${h.category}-${h.sub_service ?? ''}-${h.lead_type}-${i}`}>
                <td>{rowLabel({ category: h.category, sub_service: h.sub_service ?? '' })}</td>
                <td>{TYPE_LABELS[h.lead_type] ?? h.lead_type}</td>
                <td>{h.old_price === null || h.old_price === undefined ? 'N/A' : formatMoney(h.old_price)}</td>
                <td>{h.new_price === null || h.new_price === undefined ? 'Default' : formatMoney(h.new_price)}</td>
                <td>{h.admin_email ?? 'Unknown admin'}</td>
                <td>{formatDateTime(h.timestamp)}</td>
              </tr>
            ))
          )}
        </AdminTable>
      </section>
    </div>
  );
}
