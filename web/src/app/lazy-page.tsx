import { lazy, type ComponentType, type ReactNode } from 'react';

/**
 * A route page loaded on first render (React.lazy), so each page stays its own chunk while routes are
 * declared with plain `element`s (the declarative <Routes> path of react-router, smaller than its data
 * router). The app shell's <Suspense> shows the loading state while the chunk arrives.
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ComponentType {
  return lazy(async () => ({ default: pick(await load()) }));
}

/**
 * Like lazyPage, for pages that read data with SWR: the page is wrapped in the app's SWR defaults, which
 * load with it, so SWR stays out of the landing page's JavaScript.
 */
export function lazySwrPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ComponentType {
  return lazy(async () => {
    const [module, { SwrDefaults }] = await Promise.all([load(), import('./swr-defaults')]);
    const Page = pick(module);
    return {
      default: function SwrPage(props: object): ReactNode {
        return (
          <SwrDefaults>
            <Page {...props} />
          </SwrDefaults>
        );
      },
    };
  });
}
