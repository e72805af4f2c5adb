/** Wire shapes the dashboard reads (dashboards-and-admin §3); money in dollars as the spec shows it. */

export interface Contractor {
  id: string;
  business_name: string;
  contact_name: string;
  email?: string;
  phone: string;
  industry: string;
  sub_service: string;
  zip_codes: string[];
  sms_opt_in?: boolean;
}

export interface ClaimedLead {
  id: string;
  customer_name: string;
  phone: string;
  zip_code: string;
  claimed_at: string;
  service_category: string;
  sub_service: string;
  description: string;
  is_archived: boolean;
  urgency?: string;
  /** purchased, completed, archived or refunded. */
  status?: string;
  created_at: string;
}

/**
 * contractors-dashboard: everything the first screen shows in one call. A part is null when its
 * owning service could not answer (named in `missing`); absent when the server does not send it.
 * Either way the page asks that part's own call instead.
 */
export interface DashboardPayload {
  contractor: Contractor;
  /** Null when the owning service could not answer (named in `missing`). */
  claimed_leads: ClaimedLead[] | null;
  wallet_balance: number | null;
  auto_reload?: AutoReloadSettings | null;
  metrics?: PerformanceMetrics | null;
  gamification?: Gamification | null;
  history_total?: number | null;
  bought_counts?: Record<BoughtList, number> | null;
  available?: AvailableLeadsPayload | null;
  missing?: string[];
  warning?: string;
}

export interface AvailableLead {
  id: string;
  service_category: string;
  sub_service: string;
  zip_code: string;
  description: string;
  created_at: string;
  /** Present when the server prices the lead itself; otherwise the category price applies. */
  price?: number;
  /** The tier fixed from the customer's urgency (standard, premium, emergency). */
  lead_type?: string;
}

export interface AvailableLeadsPayload {
  available_leads: AvailableLead[];
  total_available: number;
}

export interface PurchasedLead {
  id: string;
  lead_id: string;
  purchased_at: string;
  price_paid: number;
  purchase_channel?: string | null;
  refunded_at?: string | null;
  /** The one list the lead is in (purchased, completed, archived or refunded). */
  status?: 'purchased' | 'completed' | 'archived' | 'refunded';
  contacted_at?: string | null;
  leads: {
    urgency?: string;
    customer_name: string;
    customer_phone: string;
    customer_email: string;
    zip_code: string;
    service_category: string;
    sub_service: string;
    description: string;
    created_at: string;
  };
}

/** The lists of bought leads the server pages through ('claimed' = bought through a claim link). */
export type BoughtList = 'purchased' | 'claimed' | 'completed' | 'archived' | 'refunded';

/** One page of one list of get-purchased-leads, with every list's size. */
export interface PurchasedPage {
  list: BoughtList;
  leads: PurchasedLead[];
  total: number;
  page: number;
  limit: number;
  pages: number;
  counts: Record<BoughtList, number>;
}

export interface PurchasedPayload {
  purchased_leads: PurchasedLead[];
  archived_leads: PurchasedLead[];
  completed_leads: PurchasedLead[];
  refunded_leads?: PurchasedLead[];
}

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

export type CategoryPricing = Record<string, number>;

export interface AutoReloadSettings {
  auto_reload_enabled: boolean;
  auto_reload_threshold: number;
  auto_reload_amount: number;
  /** False when the server has card payments turned off (PAYMENTS_DISABLED). */
  funding_available?: boolean;
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
