import { Suspense } from 'react';
import { RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { router } from './router';
import { PageLoading } from '../components/ui/page-loading';

/** Providers shared by every route: SWR defaults and the router (every feature is its own lazily loaded chunk). */
export function App() {
  return (
    <SWRConfig value={{ revalidateOnFocus: true, shouldRetryOnError: false }}>
      <Suspense fallback={<PageLoading />}>
        <RouterProvider router={router} />
      </Suspense>
    </SWRConfig>
  );
}
