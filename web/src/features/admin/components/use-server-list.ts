import { useCallback, useEffect, useRef, useState } from 'react';
import { ADMIN_PAGE_SIZE } from '@leadmarket/contracts/constants';
import { AdminSessionExpired } from '../api/admin-api';
import type { ListPage, ListQuery } from '../api/list-page';

/** Waits this long after the last keystroke before searching on the server. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * A list whose paging, search, filter and order happen on the server. `page` is null until the
 * first answer arrives (the table shows a placeholder, never "nothing found"). Changing the
 * search, filter or order goes back to page 1; `refreshKey` reloads the same page.
 */
export function useServerList<T>(
  fetchPage: (query: ListQuery) => Promise<ListPage<T>>,
  refreshKey: number,
  onError: (error: unknown) => void,
) {
  const [search, setSearchText] = useState('');
  const [query, setQuery] = useState<ListQuery>({
    search: '',
    status: '',
    sort: 'newest',
    page: 1,
    limit: ADMIN_PAGE_SIZE,
  });
  const [page, setPage] = useState<ListPage<T> | null>(null);
  const [loading, setLoading] = useState(true);
  const latest = useRef(0);

  useEffect(() => {
    const t = setTimeout(
      () => setQuery((q) => (q.search === search.trim() ? q : { ...q, search: search.trim(), page: 1 })),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(t);
  }, [search]);

  const load = useCallback(async () => {
    const ticket = ++latest.current;
    setLoading(true);
    try {
      const answer = await fetchPage(query);
      // An older request answering late must not overwrite a newer one.
      if (ticket === latest.current) setPage(answer);
    } catch (error) {
      if (!(error instanceof AdminSessionExpired)) onError(error);
    } finally {
      if (ticket === latest.current) setLoading(false);
    }
  }, [fetchPage, query, onError]);

  useEffect(() => {
    void load();
  }, [load, refreshKey]);

  return {
    query,
    page,
    loading,
    reload: load,
    search,
    setSearch: setSearchText,
    setStatus: (status: string) => setQuery((q) => ({ ...q, status, page: 1 })),
    setSort: (sort: ListQuery['sort']) => setQuery((q) => ({ ...q, sort, page: 1 })),
    goTo: (n: number) => setQuery((q) => ({ ...q, page: n })),
  };
}

/** "Showing 26–50 of 155" (or "No results") for a page of a list. */
export function showingText(pageNumber: number, limit: number, shown: number, total: number): string {
  if (total === 0 || shown === 0) return total === 0 ? 'No results' : `Showing 0 of ${total.toLocaleString('en-US')}`;
  const first = (pageNumber - 1) * limit + 1;
  return `Showing ${first.toLocaleString('en-US')}–${(first + shown - 1).toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`;
}
