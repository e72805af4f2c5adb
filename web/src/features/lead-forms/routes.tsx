import type { RouteObject } from 'react-router-dom';
import { lazySwrPage } from '../../app/lazy-page';

const industryPages = () => import('./pages/industry-page');
const LeadIntakePage = lazySwrPage(
  () => import('./pages/lead-intake-page'),
  (m) => m.LeadIntakePage,
);
const HvacPage = lazySwrPage(industryPages, (m) => m.HvacPage);
const LegalPage = lazySwrPage(industryPages, (m) => m.LegalPage);
const RealEstatePage = lazySwrPage(industryPages, (m) => m.RealEstatePage);
const FinancePage = lazySwrPage(industryPages, (m) => m.FinancePage);
const InsurancePage = lazySwrPage(industryPages, (m) => m.InsurancePage);
const HealthcarePage = lazySwrPage(industryPages, (m) => m.HealthcarePage);
const AutoPage = lazySwrPage(industryPages, (m) => m.AutoPage);
const PlumbingPage = lazySwrPage(
  () => import('./pages/plumbing-page'),
  (m) => m.PlumbingPage,
);

/** Routes of the lead-forms feature (pages load lazily, each its own chunk). */
export const leadFormRoutes: RouteObject[] = [
  { path: '/lead-intake', element: <LeadIntakePage /> },
  { path: '/hvac', element: <HvacPage /> },
  { path: '/legal', element: <LegalPage /> },
  { path: '/real-estate', element: <RealEstatePage /> },
  { path: '/finance', element: <FinancePage /> },
  { path: '/insurance', element: <InsurancePage /> },
  { path: '/healthcare', element: <HealthcarePage /> },
  { path: '/auto', element: <AutoPage /> },
  { path: '/services/plumbing', element: <PlumbingPage /> },
];
