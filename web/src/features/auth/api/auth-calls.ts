import { callFunction } from '../../../lib/api';

/** Contractor signup fields (spec §3); zip_codes is the comma-separated text as typed. */
export interface SignupInput {
  contact_name: string;
  business_name: string;
  email: string;
  phone: string;
  industry: string;
  sub_service: string;
  username: string;
  password: string;
  confirm_password: string;
  zip_codes: string;
  sms_opt_in: boolean;
}

/** Reply of contractors-signup and contractor-login (success carries the session). */
export interface SessionAnswer {
  success?: boolean;
  contractor_id?: string;
  session_token?: string;
  redirect_url?: string;
  message?: string;
  detail?: string;
}

export type ResetType = 'contractor' | 'admin';

/** POST contractors-signup. */
export const signup = (body: SignupInput) =>
  callFunction<SessionAnswer>('contractors-signup', { method: 'POST', body });

/** POST contractor-login. */
export const login = (username: string, password: string) =>
  callFunction<SessionAnswer>('contractor-login', { method: 'POST', body: { username, password } });

/** POST forgot-password; the emailed link comes back to our /reset-password page. */
export const forgotPassword = (email: string, userType: ResetType = 'contractor') =>
  callFunction<{ message?: string }>('forgot-password', {
    method: 'POST',
    body: { email, user_type: userType, redirect_url: `${window.location.origin}/reset-password?type=${userType}` },
  });

/** GET verify-reset-token: is the link still good? */
export const verifyResetToken = (token: string, type: ResetType) =>
  callFunction<{ valid: boolean; message?: string }>('verify-reset-token', { query: { token, type } });

/** POST reset-password. */
export const resetPassword = (token: string, password: string, type: ResetType) =>
  callFunction<{ success?: boolean; message?: string }>('reset-password', {
    method: 'POST',
    body: { token, password, confirm_password: password, type },
  });

/** GET contractors-dashboard (the session token goes as a bearer token and in the query, as the spec sends it). */
export const fetchDashboard = (contractorId: string, sessionToken: string) =>
  callFunction<{
    contractor?: {
      id: string;
      business_name?: string;
      contact_name?: string;
      sub_service?: string;
      sms_opt_in?: boolean;
    } | null;
    wallet_balance?: number | null;
  }>('contractors-dashboard', {
    query: { contractor_id: contractorId, session_token: sessionToken },
    token: sessionToken,
  });
