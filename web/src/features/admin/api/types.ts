// Wire shapes of the admin functions as dashboards-and-admin §3 names them (money in dollars).

export interface AdminContractor {
  id: string;
  business_name: string;
  contact_name: string;
  email: string;
  phone: string;
  industry: string;
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

export interface LeadPrice {
  category: string;
  lead_type: string;
  price: number;
}

export interface PricingChange {
  category: string;
  lead_type: string;
  old_price: number | null;
  new_price: number;
  timestamp: string;
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
