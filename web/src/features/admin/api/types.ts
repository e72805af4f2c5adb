// Wire shapes of the admin functions (dashboards-and-admin §3, money in dollars), derived from the
// contract schemas the admin service answers with (contracts/src/calls/admin.ts), so browser and
// server cannot drift apart. Type-only imports: no schema code reaches the bundle from here.
import type {
  AdminAuditLogResponseSchema,
  AdminContractorPage,
  AdminContractorSchema,
  AdminLeadPriceSchema,
  AdminLeadSchema,
  AdminPricingHistoryListSchema,
  AdminRefundRequestSchema,
  AdminStatsResponseSchema,
  AdminTransactionsResponseSchema,
  SiteMessagesResponseSchema,
} from '@leadmarket/contracts';
import type { z } from '@leadmarket/contracts/zod';

export type AdminContractor = z.infer<typeof AdminContractorSchema>;

export type AdminLead = z.infer<typeof AdminLeadSchema>;

/** One offer of a lead to a contractor, with the round it was made in (re-routing). */
export type LeadAssignment = AdminLead['contractor_leads'][number];

export type Transaction = z.infer<typeof AdminTransactionsResponseSchema>['transactions'][number];

export type AdminStats = z.infer<typeof AdminStatsResponseSchema>;

/** One priced cell: a matrix row (industry, or trade when sub_service is set) and tier. */
export type LeadPrice = z.infer<typeof AdminLeadPriceSchema>;

/** A price change; new_price null is a reset to default. */
export type PricingChange = z.infer<typeof AdminPricingHistoryListSchema>[number];

export type RefundRequest = z.infer<typeof AdminRefundRequestSchema>;

/** A waitlist entry or a contact message (admin-site-messages items). */
export type SiteMessage = z.infer<typeof SiteMessagesResponseSchema>['items'][number];

/** The Create Test Lead form (§3 admin lead form): a lead's own fields, as typed. */
export interface TestLeadForm {
  customer_name: string;
  phone: string;
  email: string;
  service_category: string;
  sub_service: string;
  zip_code: string;
  description: string;
}

export type AuditPage = z.infer<typeof AdminAuditLogResponseSchema>;

/** One audit entry: who did what, when, to which record, before and after. */
export type AuditEntry = AuditPage['entries'][number];

/** Filters and page of the audit tab. */
export interface AuditQuery {
  action: string;
  admin_id: string;
  from: string;
  to: string;
  page: number;
  limit: number;
}

/** admin-contractor: one contractor's page (each part from its owner, or why it could not be given). */
export type ContractorPageData = AdminContractorPage;

/** One automatic credit on the admin contractor page (dollars). */
export type { AdminAutoCredit } from '@leadmarket/contracts';
