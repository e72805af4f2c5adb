import { useSyncExternalStore } from 'react';
import { callFunction } from './api';
import { contractorSession } from './storage';

/**
 * The contractor id when this browser holds a contractor session, else null; follows logins and
 * logouts in this tab and in others. It only decides what the page offers (Dashboard/Logout rather
 * than Login/Sign Up): the server still checks the token on every call, and a stale one sends the
 * dashboard back to the login page.
 */
export function useSignedInContractorId(): string | null {
  return useSyncExternalStore(contractorSession.subscribe, signedInId, () => null);
}

function signedInId(): string | null {
  const { token, contractorId } = contractorSession.get();
  return token && contractorId ? contractorId : null;
}

/** Logout: the browser forgets the session at once; ending it on the server is best effort. */
export function logoutContractor(): void {
  const { token } = contractorSession.get();
  contractorSession.clear();
  if (token)
    void callFunction('contractor-logout', { method: 'POST', token, body: { session_token: token } }).catch(
      () => undefined,
    );
}
