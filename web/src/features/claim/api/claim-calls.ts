import { callFunction } from '../../../lib/api';

/** The lead as the claim page reads it (spec §3); name and phone arrive masked until claimed. */
export interface ClaimLead {
  customer_name: string;
  zip_code: string;
  service_category: string;
  sub_service: string;
  phone: string;
  description: string;
  created_at: string;
  email?: string | null;
}

/** Reply of leads-claim-get and leads-claim-post. */
export interface ClaimAnswer {
  success: boolean;
  message?: string;
  lead?: ClaimLead;
}

/** GET leads-claim-get?token=… */
export const loadClaim = (token: string) => callFunction<ClaimAnswer>('leads-claim-get', { query: { token } });

/** POST leads-claim-post { token, contractor_id } */
export const postClaim = (token: string, contractorId: string) =>
  callFunction<ClaimAnswer>('leads-claim-post', { method: 'POST', body: { token, contractor_id: contractorId } });
