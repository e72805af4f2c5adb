import { useEffect, useRef, type ReactNode } from 'react';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Header, a main landmark and the footer around a public page; the tab title follows the page's h1. */
export function PublicLayout({ children, narrow = false }: { children: ReactNode; narrow?: boolean }) {
  const main = useRef<HTMLElement>(null);
  useEffect(() => {
    // Screen-reader users and tab lists tell pages apart by the title, so keep it in step with the heading.
    const heading = main.current?.querySelector('h1')?.textContent?.trim();
    const title = heading ? `${heading} | leadmarket` : 'leadmarket';
    if (document.title !== title) document.title = title;
  });
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" ref={main} tabIndex={-1} className={narrow ? 'page page-narrow' : 'page'}>
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
