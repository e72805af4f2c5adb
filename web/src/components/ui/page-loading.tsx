/** Full-page loading state while a route's code or data arrives. */
export function PageLoading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="page-loading">
      {label}
    </div>
  );
}
