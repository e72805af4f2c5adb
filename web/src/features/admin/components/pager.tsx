import { showingText } from './use-server-list';

/** "Showing 26–50 of 155" with Previous and Next; announced politely when the page changes. */
export function Pager({
  page,
  limit,
  shown,
  total,
  onPage,
  label,
}: {
  page: number;
  limit: number;
  shown: number;
  total: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(total / limit));
  return (
    <nav className="admin-pager" aria-label={`${label} pages`}>
      <span role="status" className="admin-pager__status">
        {showingText(page, limit, shown, total)}
      </span>
      <button type="button" className="admin-button" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        Previous
      </button>
      <span className="admin-muted">
        Page {page} of {pages}
      </span>
      <button type="button" className="admin-button" onClick={() => onPage(page + 1)} disabled={page >= pages}>
        Next
      </button>
    </nav>
  );
}
