/**
 * Wire shapes the dashboard reads (dashboards-and-admin §3; money in dollars as the spec shows it).
 * Where the owning service answers with a contract schema the type is derived from it, so browser
 * and server cannot drift apart; type-only imports, so no schema code reaches the bundle from here.
 */
import type {
  AutoReloadSettingsSchema,
  AvailableLeadsResponse,
  CategoryPricingResponseSchema,
  ClaimedLeadSchema,
  ContractorView,
  DashboardResponse,
  PurchasedLeadRecordSchema,
  PurchasedLeadsPageSchema,
  PurchasedLeadsResponseSchema,
  PurchasedList,
} from '@leadmarket/contracts';
import type { z } from '@leadmarket/contracts/zod';

export type { AvailableLead } from '@leadmarket/contracts';

export type Contractor = ContractorView;

export type ClaimedLead = z.infer<typeof ClaimedLeadSchema>;

/** contractors-dashboard: parts another service could not supply are null and named in `missing`. */
export type DashboardPayload = Omit<DashboardResponse, 'claimed_leads'> & { claimed_leads: ClaimedLead[] | null };

export type AvailableLeadsPayload = AvailableLeadsResponse;

export type PurchasedLead = z.infer<typeof PurchasedLeadRecordSchema>;

/** The lists of bought leads the server pages through ('claimed' = bought through a claim link). */
export type BoughtList = PurchasedList;

/** One page of one list of get-purchased-leads, with every list's size. */
export type PurchasedPage = z.infer<typeof PurchasedLeadsPageSchema>;

export type PurchasedPayload = z.infer<typeof PurchasedLeadsResponseSchema>;

/** get-category-pricing's map from category to standard price. */
export type CategoryPricing = z.infer<typeof CategoryPricingResponseSchema>['pricing'];

type AutoReloadAnswer = z.infer<typeof AutoReloadSettingsSchema>;
type AutoReloadValues = 'auto_reload_enabled' | 'auto_reload_threshold' | 'auto_reload_amount';
/** The three settings (the form holds them before the server answers), and what else the server says. */
export type AutoReloadSettings = Pick<AutoReloadAnswer, AutoReloadValues> &
  Partial<Omit<AutoReloadAnswer, AutoReloadValues>>;

// The shapes below have no contract schema yet (wallet-ledger answers them from hand-built objects):
// written here from the spec until contracts/ describes them.

/** One of the contractor's refund requests (get-refund-requests). */
export interface RefundRequest {
  id: string;
  lead_id: string;
  amount: number;
  status: 'pending' | 'approved' | 'rejected';
  reason: string;
  requested_at: string;
  processed_at: string | null;
  admin_notes: string | null;
}

export interface PerformanceMetrics {
  metrics: {
    leads_purchased: number;
    total_spend: number;
    total_revenue: number;
    close_rate: number;
    roi_ratio: number;
    avg_response_time: number;
  };
  daily_data: { date: string; leads_purchased: number; leads_booked: number }[];
}

export interface Gamification {
  top_performer_badge: boolean;
  current_streak: number;
  best_streak: number;
  response_time_score: number;
  avg_response_time: number;
  total_roi: number;
  completed_leads: number;
  total_leads: number;
}

export interface HistoryRow {
  id: string;
  lead_id: string;
  date_purchased: string;
  industry: string;
  sub_service: string;
  lead_zip_code: string;
  purchase_price: number;
  status: string;
}

export interface HistoryPayload {
  success?: boolean;
  purchase_history: HistoryRow[];
  pagination: { current_page: number; total_pages: number; total_records: number };
}

export interface WeeklyReport {
  week_start_formatted: string;
  week_end_formatted: string;
  spend: number;
  leads_purchased: number;
  refunds: number;
  wallet_balance: number;
}

export interface Option {
  value: string;
  label: string;
}
