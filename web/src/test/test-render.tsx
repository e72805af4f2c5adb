// Test-only helpers (imported by feature tests, never by app code): render routes in a memory
// router with a fresh SWR cache; fetch is answered per function name by ./fetch-mock.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { SWRConfig } from 'swr';

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

/** The error shown beside a control (the text its aria-describedby names with the field-error style), if any. */
export function fieldErrorOf(control: HTMLElement): string | undefined {
  const ids = (control.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  for (const id of ids) {
    const el = document.getElementById(id);
    if (el?.classList.contains('field-error')) return el.textContent ?? undefined;
  }
  return undefined;
}

export { mockFunctions, type RecordedCall } from './fetch-mock';
