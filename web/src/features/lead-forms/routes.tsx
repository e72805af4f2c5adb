import type { RouteObject } from 'react-router-dom';

const industry = (name: 'HvacPage' | 'LegalPage' | 'RealEstatePage' | 'FinancePage' | 'InsurancePage' | 'HealthcarePage' | 'AutoPage') => async () => ({
  Component: (await import('./pages/industry-page'))[name],
});

/** Routes of the lead-forms feature (pages load lazily, each its own chunk). */
export const leadFormRoutes: RouteObject[] = [
  { path: '/lead-intake', lazy: async () => ({ Component: (await import('./pages/lead-intake-page')).LeadIntakePage }) },
  { path: '/hvac', lazy: industry('HvacPage') },
  { path: '/legal', lazy: industry('LegalPage') },
  { path: '/real-estate', lazy: industry('RealEstatePage') },
  { path: '/finance', lazy: industry('FinancePage') },
  { path: '/insurance', lazy: industry('InsurancePage') },
  { path: '/healthcare', lazy: industry('HealthcarePage') },
  { path: '/auto', lazy: industry('AutoPage') },
  { path: '/services/plumbing', lazy: async () => ({ Component: (await import('./pages/plumbing-page')).PlumbingPage }) },
];
