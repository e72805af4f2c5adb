// Test-only helpers (imported by feature tests, never by app code): render routes in a memory
// router with a fresh SWR cache, and answer fetch per function name.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { vi } from 'vitest';

/** Render `routes` at `path` (lazy routes resolve as in the app); returns the router to inspect its location. */
export function renderRoutes(routes: RouteObject[], path: string, extra: RouteObject[] = []) {
  const router = createMemoryRouter([...routes, ...extra, { path: '*', element: <p>Elsewhere</p> }], {
    initialEntries: [path],
  });
  const view = render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <RouterProvider router={router} />
    </SWRConfig>,
  );
  return { router, ...view };
}

/** One recorded call to a function. */
export interface RecordedCall {
  name: string;
  method: string;
  query: URLSearchParams;
  body: any;
  headers: Record<string, string>;
}

type Reply = { status?: number; body?: unknown } | 'network-error' | Promise<never>;

/**
 * Stub fetch: `replies[name]` gives the answer of /.netlify/functions/<name> (a function of the call,
 * or a fixed reply); unknown names answer 501. Returns the list of calls made.
 */
export function mockFunctions(
  replies: Record<string, Reply | ((call: RecordedCall) => Reply | Promise<Reply>)>,
): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const name = url.pathname.replace('/.netlify/functions/', '');
      const call: RecordedCall = {
        name,
        method: init.method ?? 'GET',
        query: url.searchParams,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        headers: (init.headers ?? {}) as Record<string, string>,
      };
      calls.push(call);
      const entry = replies[name];
      const reply =
        typeof entry === 'function'
          ? await entry(call)
          : (entry ?? {
              status: 501,
              body: { detail: 'This function is not available yet.', message: 'This function is not available yet.' },
            });
      if (reply === 'network-error') throw new TypeError('Failed to fetch');
      const r = reply as { status?: number; body?: unknown };
      return new Response(r.body === undefined ? '' : JSON.stringify(r.body), {
        status: r.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** The error shown beside a control (the text its aria-describedby names with the field-error style), if any. */
export function fieldErrorOf(control: HTMLElement): string | undefined {
  const ids = (control.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  for (const id of ids) {
    const el = document.getElementById(id);
    if (el?.classList.contains('field-error')) return el.textContent ?? undefined;
  }
  return undefined;
}
