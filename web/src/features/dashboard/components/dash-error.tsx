import type { ReactNode } from 'react';

/**
 * A dashboard error line, announced at once (role=alert); it renders nothing while there is no
 * error, so a form passes its error state straight in.
 */
export function DashError({ id, children }: { id?: string; children: ReactNode }) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <p id={id} className="dash-error" role="alert">
      {children}
    </p>
  );
}
