// Wire shapes of the admin functions (dashboards-and-admin §3, money in dollars), derived from the
// contract schemas the admin service answers with (contracts/src/calls/admin.ts), so browser and
// server cannot drift apart. Type-only imports: no schema code reaches the bundle from here.
import type {
  AdminAuditLogResponseSchema,
  AdminContractorSchema,
  AdminLeadPriceSchema,
  AdminLeadSchema,
  AdminPricingHistoryListSchema,
  AdminRefundRequestSchema,
  AdminStatsResponseSchema,
  AdminTransactionsResponseSchema,
  ContractorView,
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

/** A part of the contractor page its owner could not give, with why. */
type Unavailable = { available: false; reason: string };

/** admin-contractor: one contractor's page. */
export interface ContractorPageData {
  /** The profile as the contractors service gives it. */
  contractor: ContractorView;
  statement:
    | {
        available: true;
        balance: number;
        total: number;
        limit: number;
        offset: number;
        entries: Array<{
          transaction_id: string;
          occurred_at: string;
          kind: string;
          label: string;
          lead_id: string | null;
          amount: number;
          balance_after: number;
        }>;
      }
    | Unavailable;
  leads_bought:
    | {
        available: true;
        leads: Array<{
          id: string;
          customer_name: string;
          service_category: string;
          sub_service: string;
          zip_code: string;
          claimed_at: string;
          is_archived: boolean;
        }>;
      }
    | Unavailable;
  refunds:
    | {
        available: true;
        requests: Array<{
          id: string;
          lead_id: string;
          amount: number;
          status: string;
          reason: string | null;
          requested_at: string;
          processed_at: string | null;
          admin_notes: string | null;
          lead: { customer_name?: string; service_category?: string; sub_service?: string } | null;
        }>;
      }
    | Unavailable;
  /** Automatic credits (issue 21); absent from admin services older than it. */
  auto_credits?: { available: true; credits: AdminAutoCredit[] } | Unavailable;
  sms_consent:
    | {
        available: true;
        records: Array<{
          opted_in: boolean;
          source: string;
          wording: string;
          ip: string | null;
          user_agent: string | null;
          recorded_at: string;
        }>;
      }
    | Unavailable;
}

/** One automatic credit on the admin contractor page (dollars). */
export interface AdminAutoCredit {
  id: string;
  lead_id: string;
  rule: string;
  reason: string;
  evidence: Array<{ label: string; value: string }>;
  amount: number;
  service_category: string;
  zip_code: string;
  observed_at: string;
  credited_at: string;
  status: 'credited' | 'reversed';
  reversed_at: string | null;
  reversal_notes: string | null;
}
