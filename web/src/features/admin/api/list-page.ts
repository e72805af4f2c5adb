/** What a server list is asked for: search text, status filter, date order, page. */
export interface ListQuery {
  search: string;
  status: string;
  sort: 'newest' | 'oldest';
  page: number;
  limit: number;
}

/** One page of rows and how many match in all. */
export interface ListPage<T> {
  rows: T[];
  total: number;
}
