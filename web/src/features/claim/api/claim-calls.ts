/** The claim page's calls, typed by lead-intake's contract schemas (type-only imports: no schema code in the bundle). */
import type {
  ClaimedLeadContactSchema,
  ClaimLeadPreviewSchema,
  DashboardResponse,
  LeadClaimResponseSchema,
  LeadClaimStatusResponseSchema,
} from '@leadmarket/contracts';
import type { z } from '@leadmarket/contracts/zod';
import { callFunction } from '../../../lib/api';

/** The lead as the claim page reads it (spec §3): name and phone masked until claimed, then the full contact with email. */
export type ClaimLead = z.infer<typeof ClaimLeadPreviewSchema> &
  Partial<Pick<z.infer<typeof ClaimedLeadContactSchema>, 'email'>>;

/** Reply of leads-claim-get and leads-claim-post. */
export type ClaimAnswer = z.infer<typeof LeadClaimResponseSchema>;

/** Reply of leads-claim-status: where the link stands for its own signed-in contractor. */
export type ClaimStatusAnswer = z.infer<typeof LeadClaimStatusResponseSchema>;

/** GET leads-claim-get?token=… */
export const loadClaim = (token: string) => callFunction<ClaimAnswer>('leads-claim-get', { query: { token } });

/** GET leads-claim-status?token=… with the contractor's session (bearer). */
export const loadClaimStatus = (token: string, sessionToken: string) =>
  callFunction<ClaimStatusAnswer>('leads-claim-status', { query: { token }, token: sessionToken });

/** The signed-in contractor's wallet balance in dollars (from the dashboard aggregate), or null. */
export async function loadBalance(contractorId: string, sessionToken: string): Promise<number | null> {
  const answer = await callFunction<Pick<DashboardResponse, 'wallet_balance'>>('contractors-dashboard', {
    query: { contractor_id: contractorId, session_token: sessionToken },
    token: sessionToken,
  });
  return typeof answer?.wallet_balance === 'number' ? answer.wallet_balance : null;
}

/** POST leads-claim-post { token, contractor_id } */
export const postClaim = (token: string, contractorId: string) =>
  callFunction<ClaimAnswer>('leads-claim-post', { method: 'POST', body: { token, contractor_id: contractorId } });
