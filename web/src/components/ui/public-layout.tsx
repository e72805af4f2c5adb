import type { ReactNode } from 'react';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Header, a main landmark and the footer around a public page. */
export function PublicLayout({ children, narrow = false }: { children: ReactNode; narrow?: boolean }) {
  return (
    <>
      <a href="#main" className="skip-link">Skip to content</a>
      <SiteHeader />
      <main id="main" className={narrow ? 'page page-narrow' : 'page'}>
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
