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
  ContractorRefundRequest,
  ContractorView,
  DashboardResponse,
  PurchasedLeadRecordSchema,
  PurchasedLeadsPageSchema,
  PurchasedLeadsResponseSchema,
  PurchasedList,
  PurchaseHistoryResponse,
  PurchaseHistoryRow,
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

/** One of the contractor's refund requests (get-refund-requests). */
export type RefundRequest = ContractorRefundRequest;

export type { Gamification, PerformanceMetrics, WeeklyReport } from '@leadmarket/contracts';

/** One bought lead of the History tab (get-lead-purchase-history). */
export type HistoryRow = PurchaseHistoryRow;

export type HistoryPayload = PurchaseHistoryResponse;

/** One dropdown choice (industries, sub-services): the catalogue's shape. */
export type { CatalogueOption as Option } from '@leadmarket/contracts/catalogue';
