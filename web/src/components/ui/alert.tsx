import type { ReactNode } from 'react';

/** A message box announced to screen readers: errors interrupt (role=alert), successes are polite (role=status). */
export function Alert({ kind, children }: { kind: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      aria-live={kind === 'error' ? 'assertive' : 'polite'}
      className={`alert alert-${kind}`}
    >
      {children}
    </div>
  );
}
