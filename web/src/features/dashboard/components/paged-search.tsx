import { useEffect, useId, useState } from 'react';
import { plural } from '@leadmarket/contracts/display';
import { type Session } from '../api/client';
import { usePurchasedPage } from '../api/get-purchased-leads';
import type { BoughtList, PurchasedLead } from '../api/types';

/** Cards per page in the long lead lists (the history table uses the same 25). */
export const LIST_PAGE_SIZE = 25;

/** How long typing must pause before the search goes to the server (one request per word, not per key). */
const SEARCH_PAUSE_MS = 300;

/**
 * A list of bought leads paged and searched by the server (get-purchased-leads with list, page,
 * limit, search): only the 25 cards on screen cross the network. Gives what ListControls shows, the
 * cards of the page, and the query's loading and error state.
 */
export function useServerPagedList(session: Session, list: BoughtList) {
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const [pageNumber, setPageNumber] = useState(1);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(query.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [query]);
  useEffect(() => setPageNumber(1), [search]);
  const answer = usePurchasedPage(session, list, pageNumber, LIST_PAGE_SIZE, search);
  const data = answer.data;
  const pages = Math.max(1, data?.pages ?? 1);
  return {
    query,
    setQuery,
    page: (data?.leads ?? []) as PurchasedLead[],
    matchCount: data?.total ?? 0,
    /** The list's size without the search. */
    total: data?.counts?.[list] ?? data?.total ?? 0,
    pageNumber: Math.min(pageNumber, pages),
    pages,
    setPage: (n: number) => setPageNumber(Math.max(1, Math.min(pages, n))),
    loading: !data && !answer.error,
    error: answer.error,
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
}: {
  query: string;
  setQuery: (query: string) => void;
  /** Leads matching the search; `total` is the list's size without it. */
  matchCount: number;
  total: number;
  pageNumber: number;
  pages: number;
  setPage: (n: number) => void;
  label: string;
}) {
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
