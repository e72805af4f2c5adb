import { Suspense } from 'react';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { routes } from './router';
import { PageLoading } from '../components/ui/page-loading';

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The app shell: the declarative router over every route (each page is its own lazily loaded chunk;
 * pages that fetch with SWR bring its defaults along, see lazy-page.tsx).
 */
export function App() {
  return (
    <BrowserRouter>
      <Suspense fallback={<PageLoading />}>
        <AppRoutes />
      </Suspense>
    </BrowserRouter>
  );
}
