import { useId, useMemo, useState } from 'react';
import { plural } from '@leadmarket/contracts/display';

/** Cards per page in the long lead lists (the history table uses the same 25). */
export const LIST_PAGE_SIZE = 25;

/** Search (name, ZIP, category — whatever `fields` gives) and 25-per-page paging over a list held in memory. */
export function usePagedSearch<T>(items: T[], fields: (item: T) => Array<string | null | undefined>) {
  const [query, setQuery] = useState('');
  const [pageIndex, setPageIndex] = useState(0);
  const matches = useMemo(() => {
    const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
    if (words.length === 0) return items;
    return items.filter((item) => {
      const text = fields(item).filter(Boolean).join(' ').toLowerCase().replace(/[_-]+/g, ' ');
      return words.every((w) => text.includes(w));
    });
    // `fields` is a pure accessor given inline: the list and the query alone decide the result.
  }, [items, query]);
  const pages = Math.max(1, Math.ceil(matches.length / LIST_PAGE_SIZE));
  const current = Math.min(pageIndex, pages - 1);
  return {
    query,
    setQuery: (q: string) => {
      setQuery(q);
      setPageIndex(0);
    },
    page: matches.slice(current * LIST_PAGE_SIZE, (current + 1) * LIST_PAGE_SIZE),
    matchCount: matches.length,
    total: items.length,
    pageNumber: current + 1,
    pages,
    setPage: (n: number) => setPageIndex(Math.max(0, Math.min(pages - 1, n - 1))),
  };
}

/** The search box, the count and the page buttons of a long list. */
export function ListControls({
  query,
  setQuery,
  matchCount,
  total,
  pageNumber,
  pages,
  setPage,
  label,
}: ReturnType<typeof usePagedSearch<unknown>> & { label: string }) {
  const id = useId();
  return (
    <div className="dash-list-controls">
      {total > 5 && (
        <div className="dash-field dash-search">
          <label htmlFor={id}>Search {label}</label>
          <input
            id={id}
            type="search"
            placeholder="Name, ZIP code or service"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
      )}
      <p className="dash-hint" role="status">
        {query ? `${plural(matchCount, 'match', 'matches')} of ${total}` : plural(total, 'lead')}
        {pages > 1 ? ` · page ${pageNumber} of ${pages}` : ''}
      </p>
      {pages > 1 && (
        <nav className="dash-pages" aria-label={`Pages of ${label}`}>
          <button type="button" className="dash-btn" disabled={pageNumber <= 1} onClick={() => setPage(pageNumber - 1)}>
            Previous
          </button>
          <button
            type="button"
            className="dash-btn"
            disabled={pageNumber >= pages}
            onClick={() => setPage(pageNumber + 1)}
          >
            Next
          </button>
        </nav>
      )}
    </div>
  );
}
