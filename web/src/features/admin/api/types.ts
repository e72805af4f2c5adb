// Wire shapes of the admin functions as dashboards-and-admin §3 names them (money in dollars).

export interface AdminContractor {
  id: string;
  business_name: string;
  contact_name: string;
  email: string;
  phone: string;
  industry: string;
  sub_service?: string;
  created_at?: string;
  sms_opt_in?: boolean;
  zip_codes: string[] | string | null;
  wallet_balance: number;
  total_leads_purchased: number;
  total_spend: number;
}

export interface LeadAssignment {
  id: string;
  status: string;
  contractor_id?: string;
  contractors?: { business_name?: string | null } | null;
  /** The offer round the contractor was offered the lead in (re-routing). */
  offer_round?: number;
}

/** The fields a lead is created with: customer, service and place. */
interface LeadFields {
  customer_name: string;
  phone: string;
  email: string;
  service_category: string;
  sub_service: string;
  zip_code: string;
  description: string;
}

export interface AdminLead extends LeadFields {
  id: string;
  status: string;
  created_at: string;
  is_test?: boolean;
  /** The customer's urgency (Standard, Premium, Emergency). */
  urgency?: string | null;
  contractor_leads?: LeadAssignment[];
}

export interface Transaction {
  id: string;
  contractors?: { business_name?: string | null; contact_name?: string | null } | null;
  type: string;
  amount: number;
  date: string;
  description: string;
}

export interface AdminStats {
  totalLeads: number;
  totalContractors: number;
  totalRevenue: number;
  activeContractors: number;
}

/** One priced cell: a matrix row (industry, or trade when sub_service is set) and tier. */
export interface LeadPrice {
  category: string;
  sub_service?: string;
  lead_type: string;
  price: number;
}

/** A price change; new_price null is a reset to default. */
export interface PricingChange {
  category: string;
  sub_service?: string;
  lead_type: string;
  old_price: number | null;
  new_price: number | null;
  timestamp: string;
  admin_email?: string | null;
}

export interface RefundRequest {
  id: string;
  amount: number;
  status: string;
  reason: string;
  requested_at: string;
  processed_at: string | null;
  admin_notes: string | null;
  contractors?: { business_name?: string | null; email?: string | null } | null;
  leads?: { customer_name?: string | null; service_category?: string | null; zip_code?: string | null } | null;
}

/** The Create Test Lead form (§3 admin lead form): a lead's own fields. */
export type TestLeadForm = LeadFields;

/** A waitlist entry or a contact message (admin-site-messages items). */
export type SiteMessage =
  | {
      id: string;
      kind: 'waitlist';
      first_name: string;
      last_name: string;
      company: string;
      email: string;
      phone: string;
      trade: string;
      created_at: string;
    }
  | {
      id: string;
      kind: 'contact';
      name: string;
      email: string;
      subject: string | null;
      message: string;
      created_at: string;
    };

/** Filters and page of the audit tab. */
export interface AuditQuery {
  action: string;
  admin_id: string;
  from: string;
  to: string;
  page: number;
  limit: number;
}

/** One audit entry: who did what, when, to which record, before and after. */
export interface AuditEntry {
  id: string;
  admin_id: string;
  admin_email: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  created_at: string;
}

export interface AuditPage {
  entries: AuditEntry[];
  total: number;
  page: number;
  actions: string[];
  admins: Array<{ id: string; email: string }>;
}

/** A part of the contractor page its owner could not give, with why. */
type Unavailable = { available: false; reason: string };

/** admin-contractor: one contractor's page. */
export interface ContractorPageData {
  contractor: AdminContractor;
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
