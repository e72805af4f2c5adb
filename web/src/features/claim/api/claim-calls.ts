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
  /** Standard, Premium or Emergency: what the customer asked for. */
  urgency?: string;
  /** Dollars, fixed when the lead was screened. */
  price?: number | null;
}

/** Reply of leads-claim-get and leads-claim-post. */
export interface ClaimAnswer {
  success: boolean;
  message?: string;
  lead?: ClaimLead;
}

/** Reply of leads-claim-status: where the link stands for its own signed-in contractor. */
export interface ClaimStatusAnswer extends ClaimAnswer {
  status: 'claimed_by_you' | 'available' | 'claimed' | 'expired' | 'unavailable';
}

/** GET leads-claim-get?token=… */
export const loadClaim = (token: string) => callFunction<ClaimAnswer>('leads-claim-get', { query: { token } });

/** GET leads-claim-status?token=… with the contractor's session (bearer). */
export const loadClaimStatus = (token: string, sessionToken: string) =>
  callFunction<ClaimStatusAnswer>('leads-claim-status', { query: { token }, token: sessionToken });

/** The signed-in contractor's wallet balance in dollars (from the dashboard aggregate), or null. */
export async function loadBalance(contractorId: string, sessionToken: string): Promise<number | null> {
  const answer = await callFunction<{ wallet_balance?: number | null }>('contractors-dashboard', {
    query: { contractor_id: contractorId, session_token: sessionToken },
    token: sessionToken,
  });
  return typeof answer?.wallet_balance === 'number' ? answer.wallet_balance : null;
}

/** POST leads-claim-post { token, contractor_id } */
export const postClaim = (token: string, contractorId: string) =>
  callFunction<ClaimAnswer>('leads-claim-post', { method: 'POST', body: { token, contractor_id: contractorId } });
