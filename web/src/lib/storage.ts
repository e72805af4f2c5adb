import { CONTRACTOR_ID_KEY, SESSION_TOKEN_KEY } from '@leadmarket/contracts/constants';

/** The contractor session as the spec keeps it: token and id in local storage. */
export const contractorSession = {
  get(): { token: string | null; contractorId: string | null } {
    return { token: localStorage.getItem(SESSION_TOKEN_KEY), contractorId: localStorage.getItem(CONTRACTOR_ID_KEY) };
  },
  save(token: string, contractorId: string): void {
    localStorage.setItem(SESSION_TOKEN_KEY, token);
    localStorage.setItem(CONTRACTOR_ID_KEY, contractorId);
    announceSessionChange();
  },
  clear(): void {
    localStorage.removeItem(SESSION_TOKEN_KEY);
    localStorage.removeItem(CONTRACTOR_ID_KEY);
    announceSessionChange();
  },
  /**
   * Calls `listener` when the session is saved or cleared, in this tab (our own event: the browser's
   * `storage` event only reaches other tabs) or in another tab. Returns the unsubscribe function.
   */
  subscribe(listener: () => void): () => void {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === SESSION_TOKEN_KEY || event.key === CONTRACTOR_ID_KEY) listener();
    };
    window.addEventListener(SESSION_CHANGED_EVENT, listener);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(SESSION_CHANGED_EVENT, listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};

const SESSION_CHANGED_EVENT = 'leadmarket:contractor-session';
function announceSessionChange() {
  window.dispatchEvent(new Event(SESSION_CHANGED_EVENT));
}

/** The admin session token (server-side admin login; kept for the browser tab only). */
export const ADMIN_TOKEN_KEY = 'admin_session_token';
export const adminSession = {
  get: () => sessionStorage.getItem(ADMIN_TOKEN_KEY),
  save: (token: string) => sessionStorage.setItem(ADMIN_TOKEN_KEY, token),
  clear: () => sessionStorage.removeItem(ADMIN_TOKEN_KEY),
};

/** What this browser last submitted on a lead form, for /thank-you (never taken from the URL). */
export interface LeadSubmissionNote {
  name: string;
  service: string;
  /** The accepted request: the page asks for the code that confirms its phone. */
  lead_id?: string;
  /** The form's key for that request: with it the customer may give the right number. */
  idempotency_key?: string;
}
const LEAD_SUBMISSION_KEY = 'lead_submission';
export const leadSubmissionNote = {
  get(): LeadSubmissionNote | null {
    try {
      const raw = sessionStorage.getItem(LEAD_SUBMISSION_KEY);
      const note = raw ? (JSON.parse(raw) as Partial<LeadSubmissionNote>) : null;
      if (!note || typeof note.name !== 'string' || typeof note.service !== 'string') return null;
      return {
        name: note.name,
        service: note.service,
        ...(typeof note.lead_id === 'string' ? { lead_id: note.lead_id } : {}),
        ...(typeof note.idempotency_key === 'string' ? { idempotency_key: note.idempotency_key } : {}),
      };
    } catch {
      return null;
    }
  },
  save(note: LeadSubmissionNote): void {
    try {
      sessionStorage.setItem(LEAD_SUBMISSION_KEY, JSON.stringify(note));
    } catch {
      // Storage full or disabled: /thank-you then shows its general text.
    }
  },
};
