import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ADMIN_BANNER_LONG_MS } from '@leadmarket/contracts/constants';
import type { Notify } from './notify';

/** Green and red banner state; each banner clears itself after its own timeout. */
export function useBanners(): { success: string; error: string; notify: Notify } {
  const [success, setSuccess] = useState('');
  const [error, setError] = useState('');
  const timers = useRef<{ success?: ReturnType<typeof setTimeout>; error?: ReturnType<typeof setTimeout> }>({});

  const show = useCallback((kind: 'success' | 'error', text: string, ms: number) => {
    const set = kind === 'success' ? setSuccess : setError;
    clearTimeout(timers.current[kind]);
    set(text);
    timers.current[kind] = setTimeout(() => set(''), ms);
  }, []);

  useEffect(() => {
    const current = timers.current;
    return () => {
      clearTimeout(current.success);
      clearTimeout(current.error);
    };
  }, []);

  const notify = useMemo<Notify>(
    () => ({
      success: (text, ms = ADMIN_BANNER_LONG_MS) => show('success', text, ms),
      error: (text, ms = ADMIN_BANNER_LONG_MS) => show('error', text, ms),
    }),
    [show],
  );
  return { success, error, notify };
}

/** The two banners; the live regions stay mounted so screen readers announce each new message. */
export function Banners({ success, error }: { success: string; error: string }) {
  return (
    <div className="admin-banners">
      <div role="status" aria-live="polite">
        {success && <p className="admin-banner admin-banner--success">{success}</p>}
      </div>
      <div role="alert" aria-live="assertive">
        {error && <p className="admin-banner admin-banner--error">{error}</p>}
      </div>
    </div>
  );
}
