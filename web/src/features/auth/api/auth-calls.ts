/** The sign-in pages' calls, typed by contractors' contract (type-only imports: no schema code in the bundle). */
import type { DashboardResponse, LoginResponse, SignupRequest, SignupResponse } from '@leadmarket/contracts';
import { callFunction } from '../../../lib/api';

/**
 * The signup form's values: every field of contractors-signup's schema, filled in (the form always
 * sends them all); zip_codes is the comma-separated text as typed.
 */
export type SignupInput = Required<Omit<SignupRequest, 'zip_codes'>> & { zip_codes: string };

/** Reply of contractors-signup and contractor-login (success carries the session; a failure is an ApiError). */
export type SessionAnswer = SignupResponse | LoginResponse;

export type ResetType = 'contractor' | 'admin';

/** POST contractors-signup. */
export const signup = (body: SignupInput) =>
  callFunction<SessionAnswer>('contractors-signup', { method: 'POST', body });

/** POST contractor-login. */
export const login = (username: string, password: string) =>
  callFunction<SessionAnswer>('contractor-login', { method: 'POST', body: { username, password } });

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
  callFunction<Pick<DashboardResponse, 'contractor' | 'wallet_balance' | 'signup_credit'>>('contractors-dashboard', {
    query: { contractor_id: contractorId, session_token: sessionToken },
    token: sessionToken,
  });
